import { Hono } from "hono";
import { z } from "zod";
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from "@modelhub/api-types";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { SsoRouteDeps } from "./route-deps.js";
import { jsonBody } from "../../offload/json-body.js";
import { noStore } from "../../http-kit/middleware/no-store.js";
import { requireWriteUser } from "../../platform/access-rules.js";
import type { UserRow } from "../../platform/accounts.js";
import { badRequest, notFound } from "../../domain/errors.js";

const codeSchema = z.object({ code: z.string().min(1).max(64) });

/**
 * Two-factor authentication of the signed-in user: status, set-up (secret + otpauth URI), turning it
 * on with a first code (answers the recovery codes, once), new recovery codes, and turning it off. Off
 * and new codes need a current code (or a recovery code).
 */
export function twoFactorRoutes(deps: SsoRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { sso } = deps;
  app.use("/api/settings/2fa", noStore);
  app.use("/api/settings/2fa/*", noStore);

  const me = async (name: string): Promise<UserRow> => {
    const user = await deps.accounts.findUser(name);
    if (!user) throw notFound(`User ${name} not found`);
    return user;
  };

  const status = async (user: UserRow): Promise<TwoFactorStatus> => ({
    enabled: sso.twoFactor.enabled(user),
    enabledAt: user.totp_enabled_at,
    recoveryCodesLeft: sso.twoFactor.enabled(user) ? await sso.twoFactor.remainingRecoveryCodes(user) : 0,
    available: user.password_hash !== null,
  });

  const proven = async (user: UserRow, code: string) => {
    if (!sso.twoFactor.enabled(user)) throw badRequest("Two-factor authentication is not on");
    if (!(await sso.twoFactor.check(user, code)))
      throw badRequest("Wrong or already used code: enter the current code of your authenticator app");
  };

  app.get("/api/settings/2fa", async (c) => {
    const user = await me(requireWriteUser(c.var.viewer));
    return c.json(await status(user));
  });

  app.post("/api/settings/2fa/setup", async (c) => {
    const user = await me(requireWriteUser(c.var.viewer));
    if (user.password_hash === null)
      throw badRequest(
        "This account signs in through your company's identity provider: its 2FA applies there",
      );
    const setup: TwoFactorSetup = await sso.twoFactor.begin(user);
    return c.json(setup);
  });

  app.post("/api/settings/2fa/enable", async (c) => {
    const user = await me(requireWriteUser(c.var.viewer));
    const { code } = await jsonBody(c, codeSchema);
    const recoveryCodes = await sso.twoFactor.enable(user, code);
    sso.events.record({ type: "2fa-enabled", user: user.name, by: user.name });
    return c.json({ recoveryCodes } satisfies RecoveryCodes);
  });

  app.post("/api/settings/2fa/recovery-codes", async (c) => {
    const user = await me(requireWriteUser(c.var.viewer));
    const { code } = await jsonBody(c, codeSchema);
    await proven(user, code);
    const recoveryCodes = await sso.twoFactor.renewRecoveryCodes(user);
    sso.events.record({ type: "recovery-codes-renewed", user: user.name, by: user.name });
    return c.json({ recoveryCodes } satisfies RecoveryCodes);
  });

  app.post("/api/settings/2fa/disable", async (c) => {
    const user = await me(requireWriteUser(c.var.viewer));
    const { code } = await jsonBody(c, codeSchema);
    await proven(user, code);
    await sso.twoFactor.disable(user);
    sso.events.record({ type: "2fa-disabled", user: user.name, by: user.name });
    return c.json(await status(await me(user.name)));
  });

  return app;
}
