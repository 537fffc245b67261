import type { CreatedOrg } from "@modelhub/api-types";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { AppDeps } from "../deps.js";
import { jsonBody } from "../../offload/json-body.js";
import { requireWriteUser } from "../../platform/access-rules.js";
import { ORG_ROLES } from "../../platform/org-roles.js";
import { OrgMembers } from "../../platform/orgs.js";

const newOrgSchema = z.object({
  name: z.string(),
  fullname: z.string().min(1).max(200).nullish(),
});
const memberSchema = z.object({ user: z.string().min(1), role: z.enum(ORG_ROLES) });
const roleSchema = z.object({ role: z.enum(ORG_ROLES) });
const settingsSchema = z.object({ privateReposByDefault: z.boolean() });

/**
 * Organisations: creation by any signed-in user (who becomes its admin), a public overview and member
 * list, and member changes by org admins (or the hub admin): add or set (`POST …/members`), change the
 * role of a member (`PUT …/members/{user}/role`, the Hub's route), remove (`DELETE …/members/{user}`).
 */
export function orgRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const members = new OrgMembers(deps.db, deps.accounts);

  app.post("/api/organizations/new", async (c) => {
    const viewer = c.var.viewer;
    const user = requireWriteUser(viewer);
    const body = await jsonBody(c, newOrgSchema);
    const org = await members.create({
      name: body.name,
      fullname: body.fullname ?? undefined,
      creator: user,
    });
    return c.json({ type: "org", id: org.id, name: org.name, fullname: org.fullname } satisfies CreatedOrg);
  });

  app.put("/api/organizations/:org/settings", async (c) => {
    requireWriteUser(c.var.viewer);
    const body = await jsonBody(c, settingsSchema);
    return c.json(
      await members.setPrivateByDefault(c.req.param("org"), body.privateReposByDefault, c.var.viewer),
    );
  });

  app.get("/api/organizations/:org/overview", async (c) =>
    c.json(await members.overview(c.req.param("org"))),
  );

  // the user counterpart of the org overview, so a profile page can tell a user from an unknown name
  app.get("/api/users/:user/overview", async (c) => c.json(await members.userOverview(c.req.param("user"))));

  app.get("/api/organizations/:org/members", async (c) => c.json(await members.list(c.req.param("org"))));

  app.post("/api/organizations/:org/members", async (c) => {
    const viewer = c.var.viewer;
    requireWriteUser(viewer);
    const body = await jsonBody(c, memberSchema);
    return c.json(await members.setRole(c.req.param("org"), body.user, body.role, viewer));
  });

  app.put("/api/organizations/:org/members/:user/role", async (c) => {
    const viewer = c.var.viewer;
    requireWriteUser(viewer);
    const body = await jsonBody(c, roleSchema);
    return c.json(await members.changeRole(c.req.param("org"), c.req.param("user"), body.role, viewer));
  });

  app.delete("/api/organizations/:org/members/:user", async (c) => {
    const viewer = c.var.viewer;
    requireWriteUser(viewer);
    await members.remove(c.req.param("org"), c.req.param("user"), viewer);
    return c.json({ deleted: true });
  });

  return app;
}
