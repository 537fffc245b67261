import type { NamespaceStorage as NamespaceStorageAnswer } from "@modelhub/api-types";
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http-kit/contracts.js";
import { jsonBody } from "../../offload/json-body.js";
import { badRequest, forbidden } from "../../domain/errors.js";
import type { Viewer } from "../../domain/repo.js";
import { isNamespaceMember, requireUser, requireWriteUser } from "../../platform/access-rules.js";
import type { LimitSetting, NamespaceStorage, StorageQuotas } from "../service.js";
import { formatBytes, parseByteSize } from "../size-text.js";

function requireSiteAdmin(viewer: Viewer, write: boolean): void {
  if (write) requireWriteUser(viewer);
  else requireUser(viewer);
  if (viewer.isAdmin !== true) throw forbidden("Only site admins can see and set storage quotas");
}

const SETTING = z.union([z.string().max(40), z.number(), z.null()]);
const PUT_BODY = z
  .object({ storage: SETTING.optional(), repos: SETTING.optional() })
  .strict()
  .refine((body) => body.storage !== undefined || body.repos !== undefined, {
    message: 'give "storage" (e.g. "50GB", "500MiB", "none", "default") and/or "repos"',
  });

/** `"50GB"`, `"500MiB"`, a number of bytes, `"none"` (unlimited), `"default"` or null (the hub's default). */
function storageSetting(value: string | number | null): LimitSetting {
  if (value === null || value === "default") return "default";
  if (value === "none") return "none";
  const bytes = typeof value === "number" ? value : parseByteSize(value);
  if (bytes === undefined || !Number.isSafeInteger(bytes) || bytes < 0)
    throw badRequest(
      `Invalid storage quota ${JSON.stringify(value)}: give a size like "50GB" or "500MiB", "none" (unlimited) or "default"`,
    );
  return bytes;
}

function repoSetting(value: string | number | null): LimitSetting {
  if (value === null || value === "default") return "default";
  if (value === "none") return "none";
  const count = typeof value === "number" ? value : /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(count) || count < 0)
    throw badRequest(
      `Invalid repository limit ${JSON.stringify(value)}: give a whole number, "none" (unlimited) or "default"`,
    );
  return count;
}

/** The answer of the storage routes: the figures and the line the web shows ("12.4 GB of 50.0 GB"). */
function answer(storage: NamespaceStorage): NamespaceStorageAnswer {
  return {
    ...storage,
    summary: `${formatBytes(storage.usedBytes)} of ${storage.storageLimit === null ? "unlimited" : formatBytes(storage.storageLimit)}`,
  };
}

/**
 * | route | who |
 * |-------|-----|
 * | GET /api/admin/quotas | site admins: `{quotas: […]}`, everyone with a limit set |
 * | GET /api/admin/quotas/{name} | site admins |
 * | PUT /api/admin/quotas/{name} `{storage?, repos?}` | site admins (write token) |
 * | GET /api/users/{name}/storage | the user, site admins |
 * | GET /api/organizations/{name}/storage | the org's members, site admins |
 */
export function quotaRoutes(quotas: StorageQuotas): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/api/admin/quotas", async (c) => {
    requireSiteAdmin(c.var.viewer, false);
    return c.json({ quotas: (await quotas.listSet()).map(answer) });
  });

  app.get("/api/admin/quotas/:name", async (c) => {
    requireSiteAdmin(c.var.viewer, false);
    return c.json(answer(await quotas.storageOf(c.req.param("name"))));
  });

  app.put("/api/admin/quotas/:name", async (c) => {
    const viewer = c.var.viewer;
    requireSiteAdmin(viewer, true);
    const body = await jsonBody(c, PUT_BODY);
    const change = {
      storage: body.storage === undefined ? undefined : storageSetting(body.storage),
      repos: body.repos === undefined ? undefined : repoSetting(body.repos),
    };
    return c.json(answer(await quotas.setLimits(c.req.param("name"), change, viewer.user ?? "")));
  });

  const ownStorage = async (c: Context<AppEnv>, kind: "user" | "org") => {
    const viewer = c.var.viewer;
    requireUser(viewer);
    const name = c.req.param("name") ?? "";
    if (!isNamespaceMember(viewer, name) && viewer.isAdmin !== true)
      throw forbidden(
        `Only ${kind === "org" ? `members of ${name}` : name} and site admins can see its storage`,
      );
    const storage = await quotas.storageOf(name);
    if (storage.kind !== kind)
      throw badRequest(`${storage.name} is ${kind === "org" ? "a user" : "an organization"}`);
    return c.json(answer(storage));
  };
  app.get("/api/users/:name/storage", (c) => ownStorage(c, "user"));
  app.get("/api/organizations/:name/storage", (c) => ownStorage(c, "org"));
  return app;
}
