import type { RepoType } from "@modelhub/api-types";

/** Every page URL of the app, built in one place (same scheme as the public Hub). */

const PREFIX: Record<RepoType, string> = {
  model: "",
  dataset: "/datasets",
  space: "/spaces",
  kernel: "/kernels",
};
const COLLECTION: Record<RepoType, string> = {
  model: "models",
  dataset: "datasets",
  space: "spaces",
  kernel: "kernels",
};

/** Encodes each segment of a repo-relative path while keeping the slashes. */
export function encodePath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

export const paths = {
  home: () => "/",
  listing: (type: RepoType, query?: URLSearchParams) =>
    `/${COLLECTION[type]}${query && query.size > 0 ? `?${query.toString()}` : ""}`,
  repo: (type: RepoType, id: string) => `${PREFIX[type]}/${id}`,
  tree: (type: RepoType, id: string, rev: string, path = "") =>
    `${PREFIX[type]}/${id}/tree/${encodeURIComponent(rev)}${path ? `/${encodePath(path)}` : ""}`,
  blob: (type: RepoType, id: string, rev: string, path: string) =>
    `${PREFIX[type]}/${id}/blob/${encodeURIComponent(rev)}/${encodePath(path)}`,
  commits: (type: RepoType, id: string, rev: string) =>
    `${PREFIX[type]}/${id}/commits/${encodeURIComponent(rev)}`,
  resolve: (type: RepoType, id: string, rev: string, path: string, download = false) =>
    `${PREFIX[type]}/${id}/resolve/${encodeURIComponent(rev)}/${encodePath(path)}${download ? "?download=true" : ""}`,
  /** A static space's running app (the server pins the commit and redirects into a sandboxed prefix). */
  spaceApp: (id: string, revision?: string) =>
    `/api/spaces/${id}/app${revision ? `?revision=${encodeURIComponent(revision)}` : ""}`,
  commit: (type: RepoType, id: string, sha: string) => `${PREFIX[type]}/${id}/commit/${sha}`,
  settings: (type: RepoType, id: string) => `${PREFIX[type]}/${id}/settings`,
  /** A user's or organisation's profile page. */
  owner: (name: string) => `/${encodeURIComponent(name)}`,
  upload: (type: RepoType, id: string) => `${PREFIX[type]}/${id}/upload`,
  tasks: () => "/tasks",
  task: (task: string) => `/tasks/${encodeURIComponent(task)}`,
  signIn: (returnTo?: string) => `/login${returnTo ? `?next=${encodeURIComponent(returnTo)}` : ""}`,
  tokens: () => "/settings/tokens",
  newRepo: (type?: RepoType) => `/new${type && type !== "model" ? `?type=${type}` : ""}`,
  user: (name: string) => `/models?author=${encodeURIComponent(name)}`,
};

export const apiPaths = {
  collection: (type: RepoType) => `/api/${COLLECTION[type]}`,
  repo: (type: RepoType, id: string) => `/api/${COLLECTION[type]}/${id}`,
  repoAt: (type: RepoType, id: string, rev: string) =>
    `/api/${COLLECTION[type]}/${id}/revision/${encodeURIComponent(rev)}`,
  tree: (type: RepoType, id: string, rev: string, path = "") =>
    `/api/${COLLECTION[type]}/${id}/tree/${encodeURIComponent(rev)}${path ? `/${encodePath(path)}` : ""}`,
  commits: (type: RepoType, id: string, rev: string) =>
    `/api/${COLLECTION[type]}/${id}/commits/${encodeURIComponent(rev)}`,
  preupload: (type: RepoType, id: string, rev: string) =>
    `/api/${COLLECTION[type]}/${id}/preupload/${encodeURIComponent(rev)}`,
  commit: (type: RepoType, id: string, rev: string) =>
    `/api/${COLLECTION[type]}/${id}/commit/${encodeURIComponent(rev)}`,
  lfsBatch: (type: RepoType, id: string) => `${PREFIX[type]}/${id}.git/info/lfs/objects/batch`,
  snippets: (id: string) => `/api/models/${id}/snippets`,
  tasks: () => "/api/tasks",
  task: (task: string) => `/api/tasks/${encodeURIComponent(task)}`,
  whoami: () => "/api/whoami-v2",
  createRepo: () => "/api/repos/create",
};

export function repoTypeLabel(type: RepoType): string {
  return { model: "Model", dataset: "Dataset", space: "Space", kernel: "Kernel" }[type];
}

/** Bases that relative links and images inside a repo's README resolve against. */
export function readmeLinkBase(type: RepoType, id: string, revision = "main") {
  return {
    files: `${PREFIX[type]}/${id}/resolve/${encodeURIComponent(revision)}/`,
    pages: `${PREFIX[type]}/${id}/blob/${encodeURIComponent(revision)}/`,
  };
}
