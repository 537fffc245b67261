import { Hono, type Context } from "hono";
import { z } from "zod";
import type { CreatedScimToken, OrgSsoSettings, ScimTokenInfo } from "@modelhub/api-types";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { SsoRouteDeps } from "./route-deps.js";
import { jsonBody } from "../../offload/json-body.js";
import { noStore } from "../../http-kit/middleware/no-store.js";
import { requestBase } from "../../http-kit/request-base.js";
import { requireWriteUser } from "../../platform/access-rules.js";
import type { OrgRow } from "../../platform/accounts.js";
import { ORG_ROLES } from "../../platform/org-roles.js";
import { forbidden, notFound } from "../../domain/errors.js";
import { ScimTokens, type ScimTokenRow } from "../scim/scim-tokens.js";

const settingsSchema = z.object({
  require2fa: z.boolean(),
  groupsAttribute: z
    .string()
    .trim()
    .max(200)
    .nullable()
    .transform((v) => (v ? v : null)),
  mappings: z
    .array(z.object({ group: z.string().trim().min(1).max(500), role: z.enum(ORG_ROLES) }))
    .max(500)
    .refine(
      (list) => new Set(list.map((m) => m.group.toLowerCase())).size === list.length,
      "each group may be mapped once",
    ),
});
const tokenSchema = z.object({ displayName: z.string().trim().min(1).max(100).default("SCIM") });

function tokenJson(row: ScimTokenRow): ScimTokenInfo {
  return {
    id: row.id,
    displayName: row.display_name,
    prefix: row.token_prefix,
    createdBy: row.created_by,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/**
 * An org's company sign-in settings (its admins, and site admins): "members must use 2FA or SSO", the
 * attribute its groups come from and its group → role mappings, and the org's SCIM tokens.
 */
export function orgSsoRoutes(deps: SsoRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { sso } = deps;
  const tokens = new ScimTokens(deps.db);
  app.use("/api/organizations/:org/settings/sso", noStore);
  app.use("/api/organizations/:org/settings/scim-tokens", noStore);
  app.use("/api/organizations/:org/settings/scim-tokens/*", noStore);

  /** The org, when the caller administers it (401 anonymous, 403 otherwise, 404 no such org). */
  const managed = async (c: Context<AppEnv>): Promise<{ org: OrgRow; actor: string }> => {
    const actor = requireWriteUser(c.var.viewer);
    const org = await deps.accounts.findOrg(c.req.param("org") ?? "");
    if (!org) throw notFound(`Organization ${c.req.param("org")} not found`);
    if (c.var.viewer.isAdmin) return { org, actor };
    const mine = (await deps.accounts.orgsOf(actor)).find((o) => o.name === org.name);
    if (mine?.role !== "admin") throw forbidden(`Only admins of ${org.name} can change its sign-in settings`);
    return { org, actor };
  };

  const answer = async (c: Context<AppEnv>, org: OrgRow): Promise<OrgSsoSettings> => ({
    ...(await sso.orgSso.get(org.name)),
    siteMappings: sso.settings.groupRoles
      .filter((rule) => rule.org.toLowerCase() === org.name.toLowerCase())
      .map((rule) => ({ group: rule.group, role: rule.role })),
    scimUrl: `${requestBase(c, deps.configuredPublicUrl)}/api/organizations/${org.name}/scim/v2`,
  });

  app.get("/api/organizations/:org/settings/sso", async (c) => {
    const { org } = await managed(c);
    return c.json(await answer(c, org));
  });

  app.put("/api/organizations/:org/settings/sso", async (c) => {
    const { org, actor } = await managed(c);
    const body = await jsonBody(c, settingsSchema);
    const before = await sso.orgSso.get(org.name);
    await sso.orgSso.save(org.name, body);
    // who may see what changes at once for every cached token and session
    deps.accounts.forgetResolvedTokens();
    const changes = [
      before.require2fa !== body.require2fa ? `require2fa=${body.require2fa}` : "",
      before.groupsAttribute !== body.groupsAttribute ? `groupsAttribute=${body.groupsAttribute ?? ""}` : "",
      JSON.stringify(before.mappings) !== JSON.stringify(body.mappings)
        ? `mappings=${body.mappings.map((m) => `${m.group}:${m.role}`).join(",")}`
        : "",
    ].filter(Boolean);
    if (changes.length > 0)
      sso.events.record({
        type: "sso-settings-changed",
        org: org.name,
        by: actor,
        change: changes.join("; "),
      });
    return c.json(await answer(c, org));
  });

  app.get("/api/organizations/:org/settings/scim-tokens", async (c) => {
    const { org } = await managed(c);
    return c.json((await tokens.list(org.name)).map(tokenJson));
  });

  app.post("/api/organizations/:org/settings/scim-tokens", async (c) => {
    const { org, actor } = await managed(c);
    const body = await jsonBody(c, tokenSchema);
    const { token, row } = await tokens.create(org.name, actor, body.displayName);
    sso.events.record({ type: "scim-token-created", org: org.name, by: actor, tokenId: row.id });
    return c.json({ ...tokenJson(row), token } satisfies CreatedScimToken);
  });

  app.delete("/api/organizations/:org/settings/scim-tokens/:id", async (c) => {
    const { org, actor } = await managed(c);
    if (!(await tokens.revoke(org.name, c.req.param("id")))) throw notFound("SCIM token not found");
    sso.events.record({ type: "scim-token-revoked", org: org.name, by: actor, tokenId: c.req.param("id") });
    return c.json({ revoked: c.req.param("id") });
  });

  return app;
}
