import { badRequest } from "../domain/errors.js";
import type { RepoType } from "../domain/repo.js";

/** `:kind` URL segment for API collections. */
export const KIND_PATTERN = "{(?:models|datasets|spaces|kernels)}";

const KIND_TO_TYPE: Record<string, RepoType> = {
  models: "model",
  datasets: "dataset",
  spaces: "space",
  kernels: "kernel",
};

export function typeOfKind(kind: string): RepoType {
  const type = KIND_TO_TYPE[kind];
  if (!type) throw badRequest(`Unknown repo collection ${kind}`);
  return type;
}

export function parseRepoType(value: unknown): RepoType {
  if (value === undefined || value === null || value === "") return "model";
  if (value === "model" || value === "dataset" || value === "space" || value === "kernel") return value;
  throw badRequest(`Invalid repo type "${String(value)}": expected model, dataset, space or kernel`);
}

/** Web/resolve prefix of a repo type: models have none. */
export function webPrefix(type: RepoType): string {
  return type === "model" ? "" : `${type}s/`;
}

export function repoUrl(base: string, type: RepoType, id: string): string {
  return `${base}/${webPrefix(type)}${id}`;
}
