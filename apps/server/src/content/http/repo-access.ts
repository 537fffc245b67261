import type { Context } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import { HttpError, hiddenRepo, mirrorReadOnly, RepoMovedError } from "../../domain/errors.js";
import type { RepoAccess } from "../../domain/ports.js";
import type { RepoRecord, RepoType, Viewer } from "../../domain/repo.js";

export function viewerOf(c: Context<AppEnv>): Viewer {
  return c.get("viewer") ?? { orgs: [] };
}

/** Looks the repo up and checks the viewer may read it (private or missing → 404, or 401 RepoNotFound when anonymous, as the Hub does). */
export async function readableRepo(
  access: RepoAccess,
  viewer: Viewer,
  type: RepoType,
  owner: string,
  name: string,
): Promise<RepoRecord> {
  const id = `${owner}/${name}`;
  const repo = await access.findRepo(type, id);
  if (repo && access.canRead(viewer, repo)) return repo;
  const moved = repo ? undefined : await access.findMoved?.(type, id);
  if (moved && access.canRead(viewer, moved)) throw new RepoMovedError(id, moved.id);
  throw hiddenRepo(!viewer.user, "Repository not found");
}

/** Like readableRepo, then requires write access (401 when anonymous, 403 otherwise). */
export async function writableRepo(
  access: RepoAccess,
  viewer: Viewer,
  type: RepoType,
  owner: string,
  name: string,
): Promise<RepoRecord> {
  const repo = await readableRepo(access, viewer, type, owner, name);
  if (repo.mirror) throw mirrorReadOnly(repo);
  if (!access.canWrite(viewer, repo)) {
    if (!viewer.user)
      throw new HttpError(401, "Authentication required to write to this repository", undefined, {
        "WWW-Authenticate": 'Basic realm="ModelHub"',
      });
    if (viewer.role !== "write")
      throw new HttpError(403, "This action needs a write token; this token is read-only");
    throw new HttpError(403, `You don't have write access to ${type} ${repo.id}`);
  }
  return repo;
}

/** Files anyone may fetch through `resolve` on a gated repo (the card and licence, at the repo root). */
const GATE_FREE_PATHS = new Set(["README.md", "LICENSE", "LICENSE.md", "LICENSE.txt"]);

/**
 * Like readableRepo, then applies the gate of gated repos to file downloads (resolve, raw, LFS objects,
 * git fetch): 401 anonymous, 403 without granted access, both with `X-Error-Code: GatedRepo`. The gate
 * comes before the revision or file is looked up. `freePath` is the path of a `resolve` request, which
 * skips the gate for the card and licence files.
 */
export async function downloadableRepo(
  access: RepoAccess,
  viewer: Viewer,
  type: RepoType,
  owner: string,
  name: string,
  freePath?: string,
): Promise<RepoRecord> {
  const repo = await readableRepo(access, viewer, type, owner, name);
  if (!repo.gated || (freePath !== undefined && GATE_FREE_PATHS.has(freePath))) return repo;
  const denial = await access.downloadDenial?.(viewer, repo);
  if (denial) throw new HttpError(denial.status, denial.message, "GatedRepo");
  return repo;
}

/**
 * Like readableRepo, then requires a write token with access to a gated repo, without needing write
 * access to the repo: what opening a pull request (`create_pr=1`) and its preupload need.
 */
export async function contributableRepo(
  access: RepoAccess,
  viewer: Viewer,
  type: RepoType,
  owner: string,
  name: string,
): Promise<RepoRecord> {
  const repo = await readableRepo(access, viewer, type, owner, name);
  if (repo.mirror) throw mirrorReadOnly(repo);
  if (access.canWrite(viewer, repo)) return repo;
  if (!viewer.user)
    throw new HttpError(401, "Authentication required to contribute to this repository", undefined, {
      "WWW-Authenticate": 'Basic realm="ModelHub"',
    });
  if (viewer.role !== "write")
    throw new HttpError(403, "This action needs a write token; this token is read-only");
  const denial = repo.gated ? await access.downloadDenial?.(viewer, repo) : undefined;
  if (denial) throw new HttpError(denial.status, denial.message, "GatedRepo");
  return repo;
}

/**
 * Like readableRepo, then asks whether the viewer may move `ref`: `refs/pr/<n>` admits the author of
 * that open pull request as well as the repo's writers (`RepoAccess.pushDenial`); without that hook,
 * or for any other ref, this is writableRepo.
 */
export async function pushableRepo(
  access: RepoAccess,
  viewer: Viewer,
  type: RepoType,
  owner: string,
  name: string,
  ref: string,
): Promise<RepoRecord> {
  if (!access.pushDenial || !/^refs\/pr\/[0-9]+$/.test(ref))
    return writableRepo(access, viewer, type, owner, name);
  const repo = await readableRepo(access, viewer, type, owner, name);
  if (repo.mirror) throw mirrorReadOnly(repo);
  const denial = await access.pushDenial(viewer, repo, ref);
  if (denial) throw new HttpError(denial.status, denial.message);
  return repo;
}
