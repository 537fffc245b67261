import { requestJson } from "../../lib/api-client.js";
import type { MoveRepoRequest, RepoSettingsRequest, RepoType } from "@modelhub/api-types";
import { apiPaths } from "../../config/paths.js";

/** `PUT /api/{type}s/{id}/settings`: visibility and gating, as the Hub's settings route takes them. */
export function updateRepoSettings(
  type: RepoType,
  id: string,
  settings: RepoSettingsRequest,
): Promise<unknown> {
  return requestJson(`${apiPaths.repo(type, id)}/settings`, { method: "PUT", json: settings });
}

/** `POST /api/repos/move`: the old id keeps redirecting to the new one until it is reused. */
export function moveRepo(type: RepoType, fromRepo: string, toRepo: string): Promise<unknown> {
  const move: MoveRepoRequest = { fromRepo, toRepo, type };
  return requestJson("/api/repos/move", { method: "POST", json: move });
}

export function deleteRepo(type: RepoType, id: string): Promise<unknown> {
  const [organization, name] = id.split("/");
  return requestJson("/api/repos/delete", { method: "DELETE", json: { name, organization, type } });
}
