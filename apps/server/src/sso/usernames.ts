import { isReservedNamespace, nameProblem } from "../platform/names.js";

const MAX_LENGTH = 80;
/** For names with nothing usable (all non-Latin, say); made unique by a number like any other. */
const FALLBACK = "member";

/**
 * A valid hub name made from what a provider gives (`Jane.Doe@corp.example` → `Jane.Doe`,
 * `j doe` → `j-doe`): the part before an `@`, other characters turned into `-`, runs of `-`/`.`
 * collapsed, trimmed to letters or digits at both ends; `member` when nothing is left.
 */
export function hubNameFrom(raw: string | undefined): string {
  let name = (raw ?? "").trim();
  const at = name.indexOf("@");
  if (at > 0) name = name.slice(0, at);
  name = name
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/[-_.]*([-.])[-_.]*/g, (run, sep: string) => (run.length > 1 ? sep : run))
    .replace(/--+/g, "-")
    .replace(/\.\.+/g, ".")
    .slice(0, MAX_LENGTH)
    .replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, "");
  if (name.toLowerCase().endsWith(".git")) name = name.slice(0, -4).replace(/[^A-Za-z0-9]+$/, "");
  if (!name) name = FALLBACK;
  if (isReservedNamespace(name)) name = `${name}-user`;
  return nameProblem("namespace", name) ? FALLBACK : name;
}

/** `base`, else `base-2`, `base-3`, … : the first name `taken` says is free. */
export async function uniqueHubName(
  base: string,
  taken: (name: string) => Promise<boolean>,
): Promise<string> {
  if (!(await taken(base))) return base;
  for (let n = 2; n < 10_000; n++) {
    const candidate = `${base}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
  throw new Error(`No free user name near "${base}"`);
}
