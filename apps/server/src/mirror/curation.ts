/**
 * What the mirror may pull, besides the id rules: licences read from the upstream card (an allow list
 * and a deny list), tags and libraries that are denied, and a largest file. A refusal names the rule.
 */
export interface CurationRules {
  /** Lower-case licence ids; with an allow list, a repo must declare one of them. */
  licensesAllow: string[];
  licensesDeny: string[];
  denyTags: string[];
  denyLibraries: string[];
  /** Files larger than this are not pulled; undefined: no limit. */
  maxFileBytes?: number;
}

export interface CurationRefusal {
  /** `license-deny:cc-by-nc-4.0`, `license-allow:none`, `tag:…`, `library:…`, `max-file-size` */
  rule: string;
  message: string;
}

/** The facts of a repo the rules read: its licences (card and `license:` tags), tags and library. */
export interface RepoFacts {
  licenses: string[];
  tags: string[];
  library?: string;
}

export function hasCuration(rules: CurationRules): boolean {
  return (
    rules.licensesAllow.length > 0 ||
    rules.licensesDeny.length > 0 ||
    rules.denyTags.length > 0 ||
    rules.denyLibraries.length > 0 ||
    rules.maxFileBytes !== undefined
  );
}

/** Licences a repo declares: `license` of its card (a string or a list) and its `license:` tags. */
export function repoFacts(cardData: unknown, tags: unknown, library: unknown): RepoFacts {
  const licenses = new Set<string>();
  const card = typeof cardData === "object" && cardData !== null ? (cardData as Record<string, unknown>) : {};
  const declared = card.license;
  for (const value of Array.isArray(declared) ? declared : [declared])
    if (typeof value === "string" && value.trim() !== "") licenses.add(value.trim().toLowerCase());
  const tagList = Array.isArray(tags) ? tags.filter((t): t is string => typeof t === "string") : [];
  for (const tag of tagList)
    if (tag.toLowerCase().startsWith("license:")) licenses.add(tag.slice(8).toLowerCase());
  return {
    licenses: [...licenses],
    tags: tagList.map((t) => t.toLowerCase()),
    library: typeof library === "string" && library !== "" ? library.toLowerCase() : undefined,
  };
}

export function repoRefusal(rules: CurationRules, id: string, facts: RepoFacts): CurationRefusal | undefined {
  const refused = (rule: string, why: string): CurationRefusal => ({
    rule,
    message: `${id} is refused by this mirror's curation rules: ${why}`,
  });
  const denied = facts.licenses.find((license) => rules.licensesDeny.includes(license));
  if (denied)
    return refused(
      `license-deny:${denied}`,
      `its licence ${denied} is denied (MODELHUB_MIRROR_LICENSES_DENY)`,
    );
  if (
    rules.licensesAllow.length > 0 &&
    !facts.licenses.some((license) => rules.licensesAllow.includes(license))
  )
    return refused(
      `license-allow:${facts.licenses[0] ?? "none"}`,
      `${facts.licenses.length > 0 ? `its licence ${facts.licenses.join(", ")} is` : "it declares no licence, which is"} not in MODELHUB_MIRROR_LICENSES_ALLOW (${rules.licensesAllow.join(", ")})`,
    );
  const tag = facts.tags.find((t) => rules.denyTags.includes(t));
  if (tag) return refused(`tag:${tag}`, `its tag ${tag} is denied (MODELHUB_MIRROR_DENY_TAGS)`);
  if (facts.library && rules.denyLibraries.includes(facts.library))
    return refused(
      `library:${facts.library}`,
      `its library ${facts.library} is denied (MODELHUB_MIRROR_DENY_LIBRARIES)`,
    );
  return undefined;
}

export function fileRefusal(
  rules: CurationRules,
  id: string,
  path: string,
  size: number,
): CurationRefusal | undefined {
  if (rules.maxFileBytes === undefined || size <= rules.maxFileBytes) return undefined;
  return {
    rule: "max-file-size",
    message: `${id}: ${path} is refused by this mirror's curation rules: it is ${gb(size)} GB, over the ${gb(rules.maxFileBytes)} GB limit (MODELHUB_MIRROR_MAX_FILE_GB)`,
  };
}

function gb(bytes: number): string {
  return (bytes / 1e9).toFixed(bytes < 1e9 ? 3 : 1);
}
