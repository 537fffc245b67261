import { parseByteSize } from "./size-text.js";

/** The limits of a user or organization no site admin set one for (undefined: unlimited). */
export interface QuotaSettings {
  defaultStorageBytes?: number;
  defaultRepoLimit?: number;
}

export class QuotaSettingsError extends Error {}

type Env = Record<string, string | undefined>;

/** `MODELHUB_DEFAULT_QUOTA_GB` (decimal gigabytes, may be fractional) and `MODELHUB_DEFAULT_REPO_LIMIT`. */
export function quotaSettingsFrom(env: Env): QuotaSettings {
  const settings: QuotaSettings = {};
  const gb = env.MODELHUB_DEFAULT_QUOTA_GB?.trim();
  if (gb) {
    const bytes = /^\d+(\.\d+)?$/.test(gb) ? parseByteSize(`${gb}GB`) : undefined;
    if (bytes === undefined)
      throw new QuotaSettingsError(`MODELHUB_DEFAULT_QUOTA_GB must be a number of gigabytes, got "${gb}"`);
    settings.defaultStorageBytes = bytes;
  }
  const repos = env.MODELHUB_DEFAULT_REPO_LIMIT?.trim();
  if (repos) {
    if (!/^\d{1,9}$/.test(repos))
      throw new QuotaSettingsError(`MODELHUB_DEFAULT_REPO_LIMIT must be a whole number, got "${repos}"`);
    settings.defaultRepoLimit = Number(repos);
  }
  return settings;
}
