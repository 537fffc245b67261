import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import * as OTPAuth from "otpauth";
import type { Database } from "../db/schema.js";
import type { UserRow } from "../platform/accounts.js";
import { hashToken } from "../platform/tokens.js";
import { nowIso } from "../domain/ids.js";
import { badRequest, conflict } from "../domain/errors.js";
import { recordAuditEvent } from "../audit/record.js";

const PERIOD_S = 30;
const DIGITS = 6;
/** Codes of the previous and next 30 s step are accepted too (clock drift of the phone). */
const WINDOW = 1;
const RECOVERY_CODES = 10;
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

export type SecondFactorCheck = "totp" | "recovery" | false;

function totpOf(user: Pick<UserRow, "name">, secret: string, issuer: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label: user.name,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

function normaliseRecovery(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, "");
}

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let text = "";
  for (const byte of bytes) text += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
}

/** Replaces the user's recovery codes by `codes` (stored as digests). */
async function storeRecoveryCodes(trx: Kysely<Database>, user: UserRow, codes: string[]): Promise<void> {
  await trx.deleteFrom("recovery_codes").where("user_id", "=", user.id).execute();
  await trx
    .insertInto("recovery_codes")
    .values(
      codes.map((code) => ({
        user_id: user.id,
        code_hash: hashToken(normaliseRecovery(code)),
        used_at: null,
      })),
    )
    .execute();
}

/**
 * TOTP second factor (RFC 6238: SHA-1, 6 digits, 30 s, any authenticator app) with one-time recovery
 * codes. A code is accepted at most once: the last accepted time step is stored and only later steps
 * pass. Recovery codes are stored as SHA-256 digests and each works once.
 */
export class TwoFactor {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly issuer: string,
    private readonly now: () => number = Date.now,
  ) {}

  enabled(user: UserRow): boolean {
    return user.totp_enabled_at !== null && user.totp_secret !== null;
  }

  /** Starts (or restarts) enrolment: a new secret, not yet in force until `enable` sees a code. */
  async begin(user: UserRow): Promise<{ secret: string; uri: string }> {
    if (this.enabled(user)) throw conflict("Two-factor authentication is already on: turn it off first");
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await this.db
      .updateTable("users")
      .set({ totp_secret: secret, totp_last_step: 0 })
      .where("id", "=", user.id)
      .execute();
    return { secret, uri: totpOf(user, secret, this.issuer).toString() };
  }

  /** Turns 2FA on once a code from the new secret checks out; returns the recovery codes (shown once). */
  async enable(user: UserRow, code: string): Promise<string[]> {
    if (this.enabled(user)) throw conflict("Two-factor authentication is already on");
    if (!user.totp_secret) throw badRequest("Start the set-up first (POST /api/settings/2fa/setup)");
    if (!(await this.acceptTotp(user, code)))
      throw badRequest("That code does not match: check the authenticator app's clock and try the next code");
    const codes = newRecoveryCodes();
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable("users").set({ totp_enabled_at: nowIso() }).where("id", "=", user.id).execute();
      await storeRecoveryCodes(trx, user, codes);
      await recordAuditEvent(trx, {
        type: "user.2fa_enable",
        namespace: user.name,
        data: { user: user.name },
      });
    });
    return codes;
  }

  async disable(user: UserRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("users")
        .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: 0 })
        .where("id", "=", user.id)
        .execute();
      await trx.deleteFrom("recovery_codes").where("user_id", "=", user.id).execute();
      await recordAuditEvent(trx, {
        type: "user.2fa_disable",
        namespace: user.name,
        data: { user: user.name },
      });
    });
  }

  async renewRecoveryCodes(user: UserRow): Promise<string[]> {
    const codes = newRecoveryCodes();
    await this.db.transaction().execute(async (trx) => {
      await storeRecoveryCodes(trx, user, codes);
      await recordAuditEvent(trx, {
        type: "user.2fa_recovery_codes",
        namespace: user.name,
        data: { user: user.name, count: codes.length },
      });
    });
    return codes;
  }

  async remainingRecoveryCodes(user: UserRow): Promise<number> {
    const rows = await this.db
      .selectFrom("recovery_codes")
      .select("code_hash")
      .where("user_id", "=", user.id)
      .where("used_at", "is", null)
      .execute();
    return rows.length;
  }

  /** Checks a TOTP code (6 digits) or a recovery code; either is used up by a success. */
  async check(user: UserRow, code: string): Promise<SecondFactorCheck> {
    if (!this.enabled(user)) return false;
    const trimmed = code.trim().replace(/\s+/g, "");
    if (/^\d{6}$/.test(trimmed)) return (await this.acceptTotp(user, trimmed)) ? "totp" : false;
    return (await this.useRecoveryCode(user, trimmed)) ? "recovery" : false;
  }

  /** True once per time step: the step is recorded only if it is later than the last accepted one. */
  private async acceptTotp(user: UserRow, code: string): Promise<boolean> {
    if (!user.totp_secret || !/^\d{6}$/.test(code.trim())) return false;
    const timestamp = this.now();
    const delta = totpOf(user, user.totp_secret, this.issuer).validate({
      token: code.trim(),
      timestamp,
      window: WINDOW,
    });
    if (delta === null) return false;
    const step = Math.floor(timestamp / 1000 / PERIOD_S) + delta;
    const updated = await this.db
      .updateTable("users")
      .set({ totp_last_step: step })
      .where("id", "=", user.id)
      .where("totp_last_step", "<", step)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  private async useRecoveryCode(user: UserRow, code: string): Promise<boolean> {
    const hash = hashToken(normaliseRecovery(code));
    const updated = await this.db
      .updateTable("recovery_codes")
      .set({ used_at: nowIso() })
      .where("user_id", "=", user.id)
      .where("code_hash", "=", hash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }
}
