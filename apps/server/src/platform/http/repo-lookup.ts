import type { Context } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import { canReadRepo, canWriteRepo } from "../access-rules.js";
import { toRepoRecord, type RepoRow, type Repos } from "../repos.js";
import { forbidden, hiddenRepo, HttpError, unauthorized, RepoMovedError } from "../../domain/errors.js";
import type { RepoAccess } from "../../domain/ports.js";
import type { RepoType } from "../../domain/repo.js";

/** The repo when it exists and the viewer may see it; otherwise the same 404 either way. */
export async function readableRepo(
  c: Context<AppEnv>,
  repos: Repos,
  type: RepoType,
  id: string,
): Promise<RepoRow> {
  const row = await repos.findForRead(type, id);
  if (row && canReadRepo(c.var.viewer, toRepoRecord(row))) return row;
  if (!row) {
    const moved = await repos.findMoved(type, id);
    if (moved && canReadRepo(c.var.viewer, toRepoRecord(moved))) throw new RepoMovedError(id, moved.full_id);
  }
  throw hiddenRepo(!c.var.viewer.user);
}

/**
 * A readable repo whose file contents the viewer may have: the download rule of `resolve` (a gated repo
 * answers 401 anonymous / 403 without granted access, `X-Error-Code: GatedRepo`, the same sentences).
 */
export async function downloadableRow(
  c: Context<AppEnv>,
  repos: Repos,
  access: Pick<RepoAccess, "downloadDenial">,
  type: RepoType,
  id: string,
): Promise<RepoRow> {
  const row = await readableRepo(c, repos, type, id);
  await requireDownload(c, access, row);
  return row;
}

/** The gate of a repo already found readable: throws the download rule's refusal, if any. */
export async function requireDownload(
  c: Context<AppEnv>,
  access: Pick<RepoAccess, "downloadDenial">,
  row: RepoRow,
): Promise<void> {
  const repo = toRepoRecord(row);
  if (!repo.gated) return;
  const denial = await access.downloadDenial?.(c.var.viewer, repo);
  if (denial) throw new HttpError(denial.status, denial.message, "GatedRepo");
}

/**
 * A readable repo the viewer may administer (its settings, its access requests): a write token of the
 * owner, of a write/admin member of the owning org, or of a site admin. 401 anonymous, 403 otherwise.
 */
export async function managedRepo(
  c: Context<AppEnv>,
  repos: Repos,
  type: RepoType,
  id: string,
): Promise<RepoRow> {
  const row = await readableRepo(c, repos, type, id);
  const viewer = c.var.viewer;
  if (!viewer.user) throw unauthorized("You must be authenticated: send `Authorization: Bearer hf_...`");
  if (!canWriteRepo(viewer, toRepoRecord(row)))
    throw forbidden(`You need write access to ${row.full_id} (a write token of an owner) for this operation`);
  return row;
}
