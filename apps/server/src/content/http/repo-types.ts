import type { RepoType } from "../../domain/repo.js";

export const REPO_TYPES: RepoType[] = ["model", "dataset", "space", "kernel"];

/** `/api/{collection}/…` segment of a repo type. */
export const COLLECTION: Record<RepoType, string> = {
  model: "models",
  dataset: "datasets",
  space: "spaces",
  kernel: "kernels",
};

/** Prefix of web, resolve and git URLs (`/{prefix}{id}`). */
export const URL_PREFIX: Record<RepoType, string> = {
  model: "",
  dataset: "datasets/",
  space: "spaces/",
  kernel: "kernels/",
};

export function typeOfCollection(collection: string): RepoType | undefined {
  return REPO_TYPES.find((type) => COLLECTION[type] === collection);
}

/** Route segment matching the `/api/{collection}` part of every repo type (`:kind${COLLECTION_PATTERN}`). */
export const COLLECTION_PATTERN = "{(?:models|datasets|spaces|kernels)}";

/** Route segment matching the URL prefix of repo types other than models (`/:prefix${PREFIX_PATTERN}`). */
export const PREFIX_PATTERN = "{(?:datasets|spaces|kernels)}";

/** Repo type of a web/resolve/git URL by its prefix segment (`datasets`, `spaces`, `kernels`; none for models). */
export function typeOfPrefix(prefix: string | undefined): RepoType {
  return REPO_TYPES.find((type) => type !== "model" && URL_PREFIX[type] === `${prefix ?? ""}/`) ?? "model";
}
