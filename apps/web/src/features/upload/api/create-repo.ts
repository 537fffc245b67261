import { requestJson } from "../../../lib/api-client.js";
import type { CreateRepoRequest, CreateRepoResponse, RepoType } from "@modelhub/api-types";
import { apiPaths } from "../../../config/paths.js";

export interface NewRepo {
  type: RepoType;
  owner: string;
  name: string;
  private: boolean;
  license?: string;
  sdk?: string;
}

export function createRepo(repo: NewRepo): Promise<CreateRepoResponse> {
  const body: CreateRepoRequest = {
    name: repo.name,
    organization: repo.owner,
    type: repo.type,
    visibility: repo.private ? "private" : "public",
    ...(repo.license ? { license: repo.license } : {}),
    ...(repo.type === "space" ? { sdk: repo.sdk ?? "static" } : {}),
  };
  return requestJson<CreateRepoResponse>(apiPaths.createRepo(), { json: body });
}
