import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { PlatformRouteDeps } from "../../platform/http/route-deps.js";
import { jsonBody } from "../../offload/json-body.js";
import { downloadableRow } from "../../platform/http/repo-lookup.js";
import { KIND_PATTERN, repoUrl, typeOfKind } from "../../http-kit/repo-paths.js";
import { requestBase } from "../../http-kit/request-base.js";
import { badRequest, forbidden, HttpError, notFound } from "../../domain/errors.js";
import { canWriteNamespace, requireWriteUser } from "../../platform/access-rules.js";
import { assertValidName } from "../../platform/names.js";
import { createRepoAccess } from "../../platform/repo-access.js";
import { parseGated, toRepoRecord } from "../../platform/repos.js";
import type { StorageQuotas } from "../../quotas/service.js";

/** Spaces here run on the hub's own CPU: the only hardware a duplicate may ask for. */
const HARDWARE = ["cpu-basic"];

const duplicateSchema = z.object({
  repository: z.string(),
  private: z.boolean().nullish(),
  visibility: z.enum(["public", "private", "protected"]).nullish(),
  hardware: z.string().nullish(),
  storageTier: z.string().nullish(),
  sleepTimeSeconds: z.number().int().nullish(),
  secrets: z.array(z.unknown()).nullish(),
  variables: z.array(z.unknown()).nullish(),
  volumes: z.array(z.unknown()).nullish(),
});

type DuplicateBody = z.infer<typeof duplicateSchema>;

/** Space options this hub cannot honour are refused, not silently dropped. */
function checkSpaceOptions(body: DuplicateBody): void {
  if (body.hardware && !HARDWARE.includes(body.hardware))
    throw badRequest(
      `"hardware" must be one of [${HARDWARE.join(", ")}]: this hub runs Spaces on its own CPU`,
    );
  if (body.storageTier) throw badRequest('Persistent storage ("storageTier") is not offered by this hub');
  if (body.volumes?.length) throw badRequest('"volumes" are not offered by this hub');
  if (body.secrets?.length || body.variables?.length)
    throw badRequest("Space secrets and variables are not offered by this hub");
}

/**
 * `POST /api/{models|datasets|spaces|kernels}/{id}/duplicate` `{repository, private|visibility, hardware, …}`:
 * a new repo under a namespace the caller writes to, holding the source's files at `main` in one commit.
 *
 * A duplicate hands out every file, so the caller must pass the download rule of `resolve` on the
 * source (the same 401/403 and sentences for a gated repo). The copy of a gated repo is created gated
 * with the source's mode, so it never becomes an ungated copy of files the source's authors gate.
 * Without an explicit visibility the copy is private when the source is, or when the target
 * organisation makes new repos private by default.
 */
export function duplicateRoutes(
  deps: PlatformRouteDeps & { quotas?: Pick<StorageQuotas, "checkRepoCount" | "checkCopy" | "admitRepo"> },
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const access = createRepoAccess(deps.repos, deps.db);
  app.post(`/api/:kind${KIND_PATTERN}/:owner/:name/duplicate`, async (c) => {
    const viewer = c.var.viewer;
    const user = requireWriteUser(viewer);
    const type = typeOfKind(c.req.param("kind"));
    const sourceId = `${c.req.param("owner")}/${c.req.param("name")}`;
    const source = await downloadableRow(c, deps.repos, access, type, sourceId);
    const body = await jsonBody(c, duplicateSchema);
    if (type === "space") checkSpaceOptions(body);
    const parts = body.repository.split("/");
    if (parts.length !== 2) throw badRequest(`"repository" must be namespace/name, got "${body.repository}"`);
    assertValidName("name", parts[1]);
    const ns = await deps.accounts.canonicalNamespace(parts[0]);
    if (!ns) throw notFound(`Namespace ${parts[0]} does not exist`);
    if (!canWriteNamespace(viewer, ns.name))
      throw forbidden(`You don't have the rights to create repos under the namespace ${ns.name}`);
    const id = `${ns.name}/${parts[1]}`;
    const url = repoUrl(requestBase(c, deps.configuredPublicUrl), type, id);
    if (await deps.repos.find(type, id))
      throw new HttpError(409, `You already created this ${type} repo`, undefined, {}, { url });
    if (!deps.content.copyFiles) throw badRequest("This hub cannot duplicate repos");
    await deps.quotas?.checkRepoCount(ns.name);
    await deps.quotas?.checkCopy(
      { type, id: source.full_id },
      { type, id: `${ns.name}/${parts[1]}`, owner: ns.name },
    );
    const orgDefault =
      ns.kind === "org" && (await deps.accounts.findOrg(ns.name))?.private_repos_default === 1;
    const isPrivate = body.visibility
      ? body.visibility !== "public"
      : (body.private ?? (source.private === 1 || orgDefault));
    const row = await deps.repos.create(
      {
        type,
        owner: ns.name,
        name: parts[1],
        private: isPrivate,
        gated: parseGated(source.gated),
        sdk: source.sdk ?? undefined,
      },
      { admit: deps.quotas?.admitRepo(ns.name) },
    );
    const record = toRepoRecord(row);
    try {
      await deps.content.init(record);
      if (source.sha)
        await deps.content.copyFiles(toRepoRecord(source), record, source.sha, {
          title: `Duplicate from ${source.full_id}`,
          author: user,
        });
    } catch (err) {
      await deps.content.remove(record).catch(() => undefined);
      await deps.repos.delete(row, { reason: "its files could not be copied: the duplication was undone" });
      throw err;
    }
    deps.logger.info({ from: source.full_id, to: id, type, user }, "repo duplicated");
    return c.json({ url, name: id, id: row.id });
  });
  return app;
}
