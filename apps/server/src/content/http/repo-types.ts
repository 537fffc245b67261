import type { RepoType } from "../../domain/repo.js";

export const REPO_TYPES: RepoType[] = ["model", "dataset", "space"];

/** `/api/{collection}/…` segment of a repo type. */
export const COLLECTION: Record<RepoType, string> = { model: "models", dataset: "datasets", space: "spaces" };

/** Prefix of web, resolve and git URLs (`/{prefix}{id}`). */
export const URL_PREFIX: Record<RepoType, string> = { model: "", dataset: "datasets/", space: "spaces/" };

export function typeOfCollection(collection: string): RepoType | undefined {
  return REPO_TYPES.find((type) => COLLECTION[type] === collection);
}
