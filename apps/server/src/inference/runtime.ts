import type { Repos } from "../platform/repos.js";
import { BackendRegistry } from "./backend-registry.js";
import { publishServedMappings, type BackendStatus } from "./served-mappings.js";
import type { InferenceSettings } from "./settings.js";

/** What anyone may know of a backend: never its address or key. */
export interface PublicBackend {
  name: string;
  kind: string;
  status: BackendStatus;
}

/**
 * The inference side of a running hub, built once at start: which backends serve which models, and
 * each backend's current status (set by health checks; `live` until one says otherwise).
 */
export class InferenceRuntime {
  readonly registry: BackendRegistry;
  private readonly statuses = new Map<string, BackendStatus>();

  constructor(readonly settings: InferenceSettings) {
    this.registry = new BackendRegistry(settings.backends);
  }

  readonly statusOf = (backendName: string): BackendStatus =>
    this.statuses.get(backendName.toLowerCase()) ?? "live";

  /** Records a backend's status; true when it changed (the mappings then need publishing again). */
  setStatus(backendName: string, status: BackendStatus): boolean {
    const key = backendName.toLowerCase();
    const before = this.statuses.get(key) ?? "live";
    this.statuses.set(key, status);
    return before !== status;
  }

  publicBackends(): PublicBackend[] {
    return this.settings.backends.map((backend) => ({
      name: backend.name,
      kind: backend.kind,
      status: this.statusOf(backend.name),
    }));
  }

  /** Rewrites the provider mappings of the hub's own backends; answers how many were written. */
  publishMappings(repos: Repos): Promise<number> {
    return publishServedMappings(repos, this.registry, this.statusOf);
  }
}
