import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";

/** Self-authorising URLs for LFS transfers (clients call upload hrefs without credentials). */
export class UrlSigner {
  private readonly secret: Buffer;

  constructor(dataDir: string) {
    const file = join(dataDir, "content-secret");
    let secret: Buffer;
    try {
      secret = readFileSync(file);
    } catch {
      secret = randomBytes(32);
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, secret, { mode: 0o600 });
    }
    this.secret = secret;
  }

  private mac(subject: string, expires: number): string {
    return createHmac("sha256", this.secret).update(`${subject}\n${expires}`).digest("base64url");
  }

  /** Query string `exp=…&sig=…` granting access to `subject` for `seconds`. */
  sign(subject: string, seconds: number): string {
    const expires = Math.floor(Date.now() / 1000) + seconds;
    return `exp=${expires}&sig=${this.mac(subject, expires)}`;
  }

  /** A path-safe grant `<expires>.<signature>` for `subject`, for URLs whose relative links must keep it. */
  grant(subject: string, seconds: number): string {
    const expires = Math.floor(Date.now() / 1000) + seconds;
    return `${expires}.${this.mac(subject, expires)}`;
  }

  /** Whether `grant` (from grant()) is still valid for `subject`: "valid", "expired" or "invalid". */
  checkGrant(subject: string, grant: string): "valid" | "expired" | "invalid" {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(grant);
    if (!match) return "invalid";
    const expected = Buffer.from(this.mac(subject, Number(match[1])));
    const given = Buffer.from(match[2]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
    return Number(match[1]) < Date.now() / 1000 ? "expired" : "valid";
  }

  verify(subject: string, exp: string | undefined, sig: string | undefined): boolean {
    if (!exp || !sig || !/^\d+$/.test(exp)) return false;
    const expires = Number(exp);
    if (expires < Date.now() / 1000) return false;
    const expected = Buffer.from(this.mac(subject, expires));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
