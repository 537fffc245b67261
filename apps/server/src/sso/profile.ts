/** What an identity provider told about the person signing in, in one shape for every provider. */
export interface ProviderProfile {
  provider: "oidc" | "saml" | "ldap";
  /** The provider's stable id of the person (OIDC `sub`, SAML NameID, LDAP entryUUID): the only key. */
  subject: string;
  /** The user name the provider gives (made a valid, unique hub name for a new account). */
  username?: string;
  email?: string;
  /** Only a verified e-mail may link an existing local account (when the admin allows it). */
  emailVerified: boolean;
  fullname?: string;
  /** Groups from the provider's default groups claim / attribute / directory membership. */
  groups: string[];
  /** Every claim or attribute as a list of strings (org settings may read groups from another one). */
  attributes: Record<string, string[]>;
}

/** A claim or attribute value as a list of strings (arrays kept, scalars wrapped, objects dropped). */
export function stringList(value: unknown): string[] {
  if (Array.isArray(value))
    return value
      .filter((item): item is string | number => typeof item === "string" || typeof item === "number")
      .map(String);
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return [String(value)];
  return [];
}

/** Every claim as a list of strings. */
export function attributeLists(source: Record<string, unknown>): Record<string, string[]> {
  const lists: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(source)) {
    const list = stringList(value);
    if (list.length > 0) lists[key] = list;
  }
  return lists;
}

/** The first non-empty string among the values. */
export function firstString(...values: unknown[]): string | undefined {
  for (const value of values) {
    const text = stringList(value)[0]?.trim();
    if (text) return text;
  }
  return undefined;
}
