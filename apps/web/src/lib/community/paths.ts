import { paths } from "../../config/paths.js";
import type { RepoType } from "@modelhub/api-types";
import type { StatusFilter, TypeFilter } from "./api.js";

/** Page URLs of the Community tab, shaped as on the Hub (`/{id}/discussions/…`). */
export const communityPaths = {
  list: (type: RepoType, id: string, filter: { type?: TypeFilter; status?: StatusFilter } = {}) => {
    const query = new URLSearchParams();
    if (filter.status && filter.status !== "all") query.set("status", filter.status);
    if (filter.type && filter.type !== "all") query.set("type", filter.type);
    const search = query.toString();
    return `${paths.repo(type, id)}/discussions${search ? `?${search}` : ""}`;
  },
  newDiscussion: (type: RepoType, id: string) => `${paths.repo(type, id)}/discussions/new`,
  discussion: (type: RepoType, id: string, num: number) => `${paths.repo(type, id)}/discussions/${num}`,
  files: (type: RepoType, id: string, num: number) => `${paths.repo(type, id)}/discussions/${num}/files`,
};
