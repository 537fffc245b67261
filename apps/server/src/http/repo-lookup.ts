import type { Context } from "hono";
import type { AppEnv, RepoType } from "./contracts.js";
import { repoNotFound } from "./errors.js";
import { canReadRepo } from "../platform/repo-access.js";
import { toRepoRecord, type RepoRow, type Repos } from "../platform/repos.js";

/** The repo when it exists and the viewer may see it; otherwise the same 404 either way. */
export async function readableRepo(
  c: Context<AppEnv>,
  repos: Repos,
  type: RepoType,
  id: string,
): Promise<RepoRow> {
  const row = await repos.find(type, id);
  if (!row || !canReadRepo(c.var.viewer, toRepoRecord(row))) throw repoNotFound();
  return row;
}
