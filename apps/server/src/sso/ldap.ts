import fs from "node:fs";
import type { ConnectionOptions } from "node:tls";
import { Client, type Entry } from "ldapts";
import type { LdapSettings } from "./settings.js";
import type { ProviderProfile } from "./profile.js";

/**
 * Escapes a value for an LDAP search filter (RFC 4515 section 3): `\`, `*`, `(`, `)` and NUL become
 * `\5c`, `\2a`, `\28`, `\29` and `\00`, so `*)(uid=*` is searched for literally.
 */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (ch) => `\\${ch.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

/** Fills `{username}` / `{dn}` placeholders of a filter template with escaped values. */
export function fillFilter(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? escapeFilterValue(values[key]) : whole,
  );
}

export type LdapOutcome =
  | { ok: true; profile: ProviderProfile; dn: string }
  | { ok: false; reason: "no-such-user" | "wrong-password" | "disabled" | "ambiguous" };

export class LdapUnavailableError extends Error {}

const AD_ACCOUNT_DISABLED = 0x2;

/** Reads the string value(s) of an attribute; binary values (AD objectGUID) as hex. */
function values(entry: Entry, name: string): string[] {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
  if (!key) return [];
  const raw = entry[key];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.map((v) => (Buffer.isBuffer(v) ? v.toString("hex") : String(v))).filter((v) => v !== "");
}

/**
 * A company directory over LDAP (ldapts): bind as the service account, find the user with the filter
 * template (the typed name escaped per RFC 4515), then bind as the user with the typed password. Groups
 * come from the entry's `memberOf` and, when a group base is set, from a group search.
 */
export class LdapDirectory {
  private readonly tls?: ConnectionOptions;

  constructor(readonly settings: LdapSettings) {
    const ca = settings.caFile ? fs.readFileSync(settings.caFile) : undefined;
    this.tls = ca ? { ca, minVersion: "TLSv1.2" } : { minVersion: "TLSv1.2" };
  }

  private async connect(): Promise<Client> {
    const client = new Client({
      url: this.settings.url,
      timeout: this.settings.timeoutMs,
      connectTimeout: this.settings.timeoutMs,
      tlsOptions: this.settings.url.toLowerCase().startsWith("ldaps:") ? this.tls : undefined,
    });
    if (this.settings.startTls) await client.startTLS(this.tls);
    return client;
  }

  /** Signs a user in with a directory password; never throws for a bad name or password. */
  async authenticate(username: string, password: string): Promise<LdapOutcome> {
    // an empty password would be an "unauthenticated bind", which directories accept
    if (!username.trim() || password === "") return { ok: false, reason: "wrong-password" };
    const s = this.settings;
    let service: Client | undefined;
    try {
      service = await this.connect();
      if (s.bindDn) await service.bind(s.bindDn, s.bindPassword ?? "");
      const { searchEntries } = await service.search(s.userBase, {
        scope: "sub",
        filter: fillFilter(s.userFilter, { username: username.trim() }),
        attributes: [
          "dn",
          s.idAttribute,
          s.usernameAttribute,
          s.emailAttribute,
          s.nameAttribute,
          "memberOf",
          "userAccountControl",
          "pwdAccountLockedTime",
        ],
        sizeLimit: 2,
      });
      if (searchEntries.length === 0) return { ok: false, reason: "no-such-user" };
      if (searchEntries.length > 1) return { ok: false, reason: "ambiguous" };
      const entry = searchEntries[0];
      if (this.disabled(entry)) return { ok: false, reason: "disabled" };
      if (!(await this.bindsAs(entry.dn, password))) return { ok: false, reason: "wrong-password" };
      const groups = [
        ...values(entry, "memberOf"),
        ...(await this.searchGroups(service, entry.dn, username)),
      ];
      const subject = values(entry, s.idAttribute)[0] ?? entry.dn.toLowerCase();
      const attributes: Record<string, string[]> = { memberOf: values(entry, "memberOf") };
      return {
        ok: true,
        dn: entry.dn,
        profile: {
          provider: "ldap",
          subject,
          username: values(entry, s.usernameAttribute)[0] ?? username.trim(),
          email: values(entry, s.emailAttribute)[0],
          // the directory is the company's record of the address
          emailVerified: values(entry, s.emailAttribute).length > 0,
          fullname: values(entry, s.nameAttribute)[0],
          groups,
          attributes,
        },
      };
    } catch (err) {
      throw new LdapUnavailableError(
        `The directory at ${s.url} could not be asked: ${(err as Error).message}`,
      );
    } finally {
      await service?.unbind().catch(() => undefined);
    }
  }

  private disabled(entry: Entry): boolean {
    const control = Number(values(entry, "userAccountControl")[0] ?? "0");
    return (control & AD_ACCOUNT_DISABLED) !== 0 || values(entry, "pwdAccountLockedTime").length > 0;
  }

  private async bindsAs(dn: string, password: string): Promise<boolean> {
    const user = await this.connect();
    try {
      await user.bind(dn, password);
      return true;
    } catch (err) {
      const code = (err as { code?: number }).code;
      // 49 invalidCredentials (also a locked or expired account with ppolicy), 53 unwillingToPerform
      if (code === 49 || code === 53 || code === 50) return false;
      throw err;
    } finally {
      await user.unbind().catch(() => undefined);
    }
  }

  private async searchGroups(client: Client, dn: string, username: string): Promise<string[]> {
    const s = this.settings;
    if (!s.groupBase) return [];
    const { searchEntries } = await client.search(s.groupBase, {
      scope: "sub",
      filter: fillFilter(s.groupFilter, { dn, username: username.trim() }),
      attributes: [s.groupNameAttribute],
      sizeLimit: 1000,
    });
    return searchEntries.flatMap((group) => values(group, s.groupNameAttribute));
  }
}
