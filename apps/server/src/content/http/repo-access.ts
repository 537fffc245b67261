import type { Context } from "hono";
import type { AppEnv, RepoAccess, RepoRecord, RepoType, Viewer } from "../../http/contracts.js";
import { HttpError, repoNotFound } from "../http-error.js";

export function viewerOf(c: Context<AppEnv>): Viewer {
  return c.get("viewer") ?? { orgs: [] };
}

/** Looks the repo up and checks the viewer may read it (private or missing → 404, as the Hub does). */
export async function readableRepo(
  access: RepoAccess,
  viewer: Viewer,
  type: RepoType,
  owner: string,
  name: string,
): Promise<RepoRecord> {
  const repo = await access.findRepo(type, `${owner}/${name}`);
  if (!repo || !access.canRead(viewer, repo)) throw repoNotFound();
  return repo;
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
  if (!access.canWrite(viewer, repo)) {
    if (!viewer.user)
      throw new HttpError(401, "Authentication required to write to this repository", undefined, {
        "WWW-Authenticate": 'Basic realm="ModelHub"',
      });
    throw new HttpError(403, `You don't have write access to ${type} ${repo.id}`);
  }
  return repo;
}
