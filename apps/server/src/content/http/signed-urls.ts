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

  verify(subject: string, exp: string | undefined, sig: string | undefined): boolean {
    if (!exp || !sig || !/^\d+$/.test(exp)) return false;
    const expires = Number(exp);
    if (expires < Date.now() / 1000) return false;
    const expected = Buffer.from(this.mac(subject, expires));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
