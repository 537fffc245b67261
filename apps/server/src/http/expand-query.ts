import type { Context } from "hono";
import type { AppEnv } from "../http-kit/contracts.js";
import { parseExpand } from "../hub-api/expand.js";
import type { RepoType } from "../domain/repo.js";

/** `expand` / `expand[]` values of a request, checked against what the repo type can expand. */
export function expandOf(c: Context<AppEnv>, type: RepoType): string[] {
  return parseExpand([...(c.req.queries("expand") ?? []), ...(c.req.queries("expand[]") ?? [])], type);
}
