import type { RepoType } from "../../domain/repo.js";

export interface DemoFile {
  /** Path inside the repository. */
  path: string;
  content: Uint8Array | string;
}

export interface DemoRepo {
  type: RepoType;
  /** `owner/name` */
  id: string;
  private?: boolean;
  files: DemoFile[];
  /** Commit title for the import commit. */
  title?: string;
  likes: number;
  /** Downloads in the last 30 days, spread over the window on import. */
  downloads: number;
  /** ISO date the repo should appear to have been created. */
  createdAt?: string;
}

export interface DemoProviderMapping {
  modelId: string;
  provider: string;
  providerId: string;
  task: string;
  status: "live" | "staging";
  adapter?: string;
  adapterWeightsPath?: string;
}

export interface DemoCatalogue {
  users: { name: string; fullname: string }[];
  orgs: { name: string; fullname: string; members: string[] }[];
  repos: DemoRepo[];
  providerMappings: DemoProviderMapping[];
}
