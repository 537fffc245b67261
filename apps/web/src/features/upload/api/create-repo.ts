import { requestJson } from "../../../lib/api-client.js";
import type { CreateRepoResponse, RepoType } from "../../../lib/api-types.js";
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
  return requestJson<CreateRepoResponse>(apiPaths.createRepo(), {
    json: {
      name: repo.name,
      organization: repo.owner,
      type: repo.type,
      visibility: repo.private ? "private" : "public",
      ...(repo.license ? { license: repo.license } : {}),
      ...(repo.type === "space" ? { sdk: repo.sdk ?? "static" } : {}),
    },
  });
}
