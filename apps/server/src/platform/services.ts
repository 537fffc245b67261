import type { HubDatabase } from "../db/open-database.js";
import { Accounts } from "./accounts.js";
import { createRepoAccess } from "./repo-access.js";
import { createRepoEvents } from "./repo-events.js";
import { Repos } from "./repos.js";
import type { CacheSignals, RepoAccess, RepoEvents } from "../domain/ports.js";

export interface PlatformServices {
  hub: HubDatabase;
  accounts: Accounts;
  repos: Repos;
  access: RepoAccess;
  events: RepoEvents;
}

/** `signals` tells the hub's other replicas when cached rows go stale (none: this process alone). */
export function createPlatformServices(hub: HubDatabase, signals?: CacheSignals): PlatformServices {
  const repos = new Repos(hub.db, signals);
  return {
    hub,
    accounts: new Accounts(hub.db),
    repos,
    access: createRepoAccess(repos, hub.db),
    events: createRepoEvents(repos),
  };
}
