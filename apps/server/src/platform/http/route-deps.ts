import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { RepoContent } from "../../domain/ports.js";
import type { Accounts } from "../accounts.js";
import type { Logger } from "../logger.js";
import type { Repos } from "../repos.js";

/**
 * The hub's core services as a capability's routes take them. The app passes its whole `AppDeps`
 * (which has these fields), so a capability's routes never import the app that mounts them.
 */
export interface PlatformRouteDeps {
  db: Kysely<Database>;
  accounts: Accounts;
  repos: Repos;
  content: RepoContent;
  logger: Logger;
  /** Set when MODELHUB_PUBLIC_URL was given; otherwise links use the request's origin. */
  configuredPublicUrl?: string;
}
