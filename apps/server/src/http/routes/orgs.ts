import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../contracts.js";
import type { AppDeps } from "../deps.js";
import { forbidden } from "../errors.js";
import { jsonBody } from "../json-body.js";
import { requireUser } from "../middleware/auth.js";
import { ORG_ROLES, OrgMembers } from "../../platform/orgs.js";

const newOrgSchema = z.object({
  name: z.string(),
  fullname: z.string().min(1).max(200).nullish(),
});
const memberSchema = z.object({ user: z.string().min(1), role: z.enum(ORG_ROLES) });

/**
 * Organisations: creation by any signed-in user (who becomes its admin), a public member list, and
 * member changes by org admins (or the hub admin).
 */
export function orgRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const members = new OrgMembers(deps.db, deps.accounts);

  app.post("/api/organizations/new", async (c) => {
    const viewer = c.var.viewer;
    const user = requireUser(viewer);
    if (viewer.role !== "write") throw forbidden("Creating an organization needs a write token");
    const body = await jsonBody(c, newOrgSchema);
    const org = await members.create({
      name: body.name,
      fullname: body.fullname ?? undefined,
      creator: user,
    });
    return c.json({ type: "org", id: org.id, name: org.name, fullname: org.fullname });
  });

  app.get("/api/organizations/:org/members", async (c) => c.json(await members.list(c.req.param("org"))));

  app.post("/api/organizations/:org/members", async (c) => {
    const viewer = c.var.viewer;
    requireUser(viewer);
    const body = await jsonBody(c, memberSchema);
    return c.json(await members.setRole(c.req.param("org"), body.user, body.role, viewer));
  });

  app.delete("/api/organizations/:org/members/:user", async (c) => {
    const viewer = c.var.viewer;
    requireUser(viewer);
    await members.remove(c.req.param("org"), c.req.param("user"), viewer);
    return c.json({ deleted: true });
  });

  return app;
}
