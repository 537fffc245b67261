import { Hono } from "hono";
import { z } from "zod";
import type { CreatedAccessToken } from "@modelhub/api-types";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { AppDeps } from "../deps.js";
import { jsonBody } from "../../offload/json-body.js";
import { noStore } from "../../http-kit/middleware/no-store.js";
import { requireWriteUser } from "../../platform/access-rules.js";
import { ServiceAccounts } from "../../platform/service-accounts.js";
import { ORG_ROLES } from "../../platform/org-roles.js";
import {
  expiresAtSchema,
  fineGrainedInputSchema,
  parseExpiry,
  resolveFineGrained,
} from "../../platform/fine-grained-input.js";
import { tokenJson } from "./tokens.js";

const createSchema = z.object({
  name: z.string().min(1).max(96),
  description: z.string().max(500).default(""),
  role: z.enum(ORG_ROLES).default("write"),
});

const tokenSchema = z.object({
  displayName: z.string().min(1).max(100).default("service token"),
  fineGrained: fineGrainedInputSchema,
  expiresAt: expiresAtSchema,
});

/** An org's service accounts (org admins): create, list, delete, and mint their fine-grained tokens. */
export function serviceAccountRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const accounts = new ServiceAccounts(deps.db, deps.accounts);
  app.use("/api/organizations/:org/service-accounts/*", noStore);

  app.get("/api/organizations/:org/service-accounts", async (c) =>
    c.json(await accounts.list(c.req.param("org"), c.var.viewer)),
  );

  app.post("/api/organizations/:org/service-accounts", async (c) => {
    requireWriteUser(c.var.viewer);
    const body = await jsonBody(c, createSchema);
    return c.json(await accounts.create(c.req.param("org"), body, c.var.viewer));
  });

  app.delete("/api/organizations/:org/service-accounts/:id", async (c) =>
    c.json(await accounts.remove(c.req.param("org"), c.req.param("id"), c.var.viewer)),
  );

  app.post("/api/organizations/:org/service-accounts/:id/tokens", async (c) => {
    const { org, account } = await accounts.forMinting(c.req.param("org"), c.req.param("id"), c.var.viewer);
    const body = await jsonBody(c, tokenSchema);
    const expiresAt = parseExpiry(body.expiresAt);
    const fineGrained = await resolveFineGrained(body.fineGrained, account, deps, {
      onlyNamespace: org.name,
    });
    const { token, row } = await accounts.mintToken(account, {
      displayName: body.displayName,
      fineGrained,
      expiresAt,
    });
    const created: CreatedAccessToken = { ...tokenJson(row), serviceAccount: account.name, token };
    return c.json(created);
  });

  return app;
}
