import type { RepoType } from "../domain/repo.js";
import type { MirrorRule } from "./settings.js";

/**
 * Whether an upstream id may be mirrored: a deny rule always wins; with allow rules, the id must
 * match one of them; without any, everything the upstream shows publicly may be mirrored.
 */
export function mirrorAllowed(
  rules: { allow: MirrorRule[]; deny: MirrorRule[] },
  type: RepoType,
  id: string,
): boolean {
  const matches = (rule: MirrorRule) =>
    (rule.type === undefined || rule.type === type) && rule.pattern.test(id);
  if (rules.deny.some(matches)) return false;
  const allowFor = rules.allow.filter((rule) => rule.type === undefined || rule.type === type);
  return allowFor.length === 0 || allowFor.some(matches);
}
