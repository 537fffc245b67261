import type { CreateRepoResponse } from "@modelhub/api-types";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { AppDeps } from "../deps.js";
import { jsonBody } from "../../offload/json-body.js";
import { KIND_PATTERN, parseRepoType, repoUrl, typeOfKind } from "../../http-kit/repo-paths.js";
import { managedRepo } from "../../platform/http/repo-lookup.js";
import { requestBase } from "../../http-kit/request-base.js";
import { assertValidName } from "../../platform/names.js";
import {
  canCreateInNamespace,
  canReadRepo,
  canWriteRepo,
  requireWriteUser,
} from "../../platform/access-rules.js";
import { toRepoRecord, type Gated, type RepoRow } from "../../platform/repos.js";
import {
  badRequest,
  forbidden,
  HttpError,
  mirrorReadOnly,
  notFound,
  hiddenRepo,
} from "../../domain/errors.js";
import type { CommitFileInput, RepoType, Viewer } from "../../domain/repo.js";
import { spaceTemplateFiles } from "../../spaces/space-template.js";

const createSchema = z.object({
  name: z.string(),
  organization: z.string().nullish(),
  type: z.string().nullish(),
  visibility: z.enum(["public", "private", "protected"]).nullish(),
  private: z.boolean().nullish(),
  sdk: z.string().nullish(),
  license: z.string().nullish(),
  files: z
    .array(z.object({ path: z.string(), content: z.string(), encoding: z.string().optional() }))
    .optional(),
});

const deleteSchema = z.object({
  name: z.string(),
  organization: z.string().nullish(),
  type: z.string().nullish(),
});
const moveSchema = z.object({ fromRepo: z.string(), toRepo: z.string(), type: z.string().nullish() });
const settingsSchema = z.object({
  private: z.boolean().nullish(),
  visibility: z.enum(["public", "private", "protected"]).nullish(),
  gated: z.union([z.literal(false), z.enum(["auto", "manual"])]).nullish(),
});

/** `name` may carry the namespace itself (`ns/name`), as older clients send it. */
function splitName(
  name: string,
  organization: string | null | undefined,
  viewer: Viewer,
): { owner: string; name: string } {
  const parts = name.split("/");
  if (parts.length > 2) throw badRequest(`Invalid repo id: "${name}" has more than one "/"`);
  if (parts.length === 2) return { owner: parts[0], name: parts[1] };
  const owner = organization ?? viewer.user;
  if (!owner) throw badRequest("Missing organization: cannot tell which namespace the repo belongs to");
  return { owner, name };
}

function splitId(id: string): { owner: string; name: string } {
  const parts = id.split("/");
  if (parts.length !== 2) throw badRequest(`Invalid repo id "${id}": expected namespace/name`);
  return { owner: parts[0], name: parts[1] };
}

export function repoLifecycleRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  async function writableRepo(viewer: Viewer, type: RepoType, id: string): Promise<RepoRow> {
    const row = await deps.repos.find(type, id);
    if (!row || !canReadRepo(viewer, toRepoRecord(row))) throw hiddenRepo(!viewer.user);
    if (row.mirror_upstream) throw mirrorReadOnly(toRepoRecord(row));
    if (!canWriteRepo(viewer, toRepoRecord(row)))
      throw forbidden(`You don't have write access to ${row.full_id}`);
    return row;
  }

  async function namespaceForWrite(viewer: Viewer, owner: string): Promise<string> {
    const ns = await deps.accounts.canonicalNamespace(owner);
    // existing namespaces may hold reserved names (the site admin's "admin")
    if (!ns) {
      assertValidName("namespace", owner);
      throw notFound(`Namespace ${owner} does not exist`);
    }
    if (!canCreateInNamespace(viewer, ns.name)) {
      throw forbidden(`You don't have the rights to create or change repos under the namespace ${ns.name}`);
    }
    return ns.name;
  }

  app.post("/api/repos/create", async (c) => {
    const viewer = c.var.viewer;
    requireWriteUser(viewer);
    const body = await jsonBody(c, createSchema);
    const type = parseRepoType(body.type);
    const split = splitName(body.name, body.organization, viewer);
    assertValidName("name", split.name);
    const owner = await namespaceForWrite(viewer, split.owner);
    const id = `${owner}/${split.name}`;
    const base = requestBase(c, deps.configuredPublicUrl);
    const url = repoUrl(base, type, id);
    const existing = await deps.repos.find(type, id);
    if (existing?.mirror_upstream) {
      // a local repo always wins over a mirrored one of the same id: the mirror's copy goes
      await deps.content.remove(toRepoRecord(existing)).catch(() => undefined);
      await deps.repos.delete(existing, { audit: false });
    } else if (existing) {
      throw new HttpError(409, `You already created this ${type} repo`, undefined, {}, { url });
    }
    await deps.quotas?.checkRepoCount(owner);
    const isPrivate = body.visibility
      ? body.visibility !== "public"
      : (body.private ?? (await deps.accounts.findOrg(owner))?.private_repos_default === 1);
    const row = await deps.repos.create(
      {
        type,
        owner,
        name: split.name,
        private: isPrivate,
        sdk: body.sdk ?? (type === "space" ? "static" : undefined),
        createdBy: viewer.user,
      },
      { admit: deps.quotas?.admitRepo(owner) },
    );
    const record = toRepoRecord(row);
    try {
      await deps.content.init(record);
      const given = (body.files ?? []).map(decodeFile);
      const template = type === "space" ? spaceTemplateFiles(split.name, row.sdk ?? "static") : [];
      const files = [...template.filter((file) => !given.some((g) => g.path === file.path)), ...given];
      if (files.length > 0)
        await deps.content.commitFiles(record, {
          files,
          title: "Initial commit",
          author: viewer.user ?? owner,
        });
    } catch (err) {
      await deps.content.remove(record).catch(() => undefined);
      await deps.repos.delete(row, { reason: "its files could not be written: the creation was undone" });
      throw err;
    }
    deps.logger.info({ repo: id, type, user: viewer.user }, "repo created");
    return c.json({ url, name: id, id: row.id } satisfies CreateRepoResponse);
  });

  app.delete("/api/repos/delete", async (c) => {
    const viewer = c.var.viewer;
    requireWriteUser(viewer);
    const body = await jsonBody(c, deleteSchema);
    const type = parseRepoType(body.type);
    const { owner, name } = splitName(body.name, body.organization, viewer);
    const row = await writableRepo(viewer, type, `${owner}/${name}`);
    await deps.content.remove(toRepoRecord(row));
    await deps.repos.delete(row);
    deps.logger.info({ repo: row.full_id, type, user: viewer.user }, "repo deleted");
    return c.json({ deleted: row.full_id });
  });

  app.post("/api/repos/move", async (c) => {
    const viewer = c.var.viewer;
    requireWriteUser(viewer);
    const body = await jsonBody(c, moveSchema);
    const type = parseRepoType(body.type);
    const from = splitId(body.fromRepo);
    const to = splitId(body.toRepo);
    assertValidName("name", to.name);
    const row = await writableRepo(viewer, type, `${from.owner}/${from.name}`);
    const owner = await namespaceForWrite(viewer, to.owner);
    const before = toRepoRecord(row);
    const moved = await deps.repos.move(row, owner, to.name);
    try {
      await deps.content.move(before, toRepoRecord(moved));
    } catch (err) {
      await deps.repos.move(moved, before.owner, before.name, false, {
        reason: "its files could not move: the move was undone",
      });
      throw err;
    }
    deps.logger.info({ from: before.id, to: moved.full_id, type }, "repo moved");
    return c.json({
      url: repoUrl(requestBase(c, deps.configuredPublicUrl), type, moved.full_id),
      name: moved.full_id,
    });
  });

  app.put(`/api/:kind${KIND_PATTERN}/:owner/:name/settings`, async (c) => {
    const viewer = c.var.viewer;
    requireWriteUser(viewer);
    const type = typeOfKind(c.req.param("kind"));
    const body = await jsonBody(c, settingsSchema);
    // managedRepo: an old name of a renamed repo redirects here too
    const row = await managedRepo(c, deps.repos, type, `${c.req.param("owner")}/${c.req.param("name")}`);
    if (row.mirror_upstream) throw mirrorReadOnly(toRepoRecord(row));
    const isPrivate = body.visibility ? body.visibility !== "public" : (body.private ?? undefined);
    const gated: Gated | undefined = body.gated ?? undefined;
    const updated = await deps.repos.updateSettings(row, { private: isPrivate, gated });
    return c.json({
      private: updated.private === 1,
      gated: updated.gated === "false" ? false : updated.gated,
    });
  });

  return app;
}

function decodeFile(file: { path: string; content: string; encoding?: string }): CommitFileInput {
  if (file.encoding && file.encoding !== "base64" && file.encoding !== "utf-8") {
    throw badRequest(`Unsupported encoding ${file.encoding} for ${file.path}`);
  }
  return {
    path: file.path,
    content: file.encoding === "utf-8" ? file.content : new Uint8Array(Buffer.from(file.content, "base64")),
  };
}
