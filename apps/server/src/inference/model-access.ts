import { canReadRepo } from "../platform/access-rules.js";
import { toRepoRecord, type RepoRow, type Repos } from "../platform/repos.js";
import { HttpError, notFound } from "../domain/errors.js";
import type { RepoAccess } from "../domain/ports.js";
import type { Viewer } from "../domain/repo.js";

/**
 * The hub model a caller asks a backend to run: 404 when it does not exist or the viewer cannot read it,
 * the gate's answer for gated models (the same rule as file downloads).
 */
export async function readableModel(
  repos: Repos,
  access: Pick<RepoAccess, "downloadDenial">,
  viewer: Viewer,
  hubId: string,
): Promise<RepoRow> {
  const row = await repos.find("model", hubId);
  if (!row || !canReadRepo(viewer, toRepoRecord(row)))
    throw notFound(`Model ${hubId} was not found on this hub (or you cannot read it)`);
  const denial = await access.downloadDenial?.(viewer, toRepoRecord(row));
  if (denial) throw new HttpError(denial.status, denial.message, "GatedRepo");
  return row;
}
