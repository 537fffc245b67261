import type { Logger } from "../platform/logger.js";
import type { Repos } from "../platform/repos.js";
import { BackendRegistry } from "./backend-registry.js";
import { publishServedMappings, type BackendStatus, type MappingSource } from "./served-mappings.js";
import type { InferenceSettings } from "./settings.js";
import type { RepoEvents } from "../domain/ports.js";

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
  private readonly mappingSources: MappingSource[] = [];
  /** Backends outside the registry (the ONNX backend), as the public list shows them. */
  private readonly extraBackends: PublicBackend[] = [];

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
    return [
      ...this.settings.backends.map((backend) => ({
        name: backend.name,
        kind: backend.kind,
        status: this.statusOf(backend.name),
      })),
      ...this.extraBackends,
    ];
  }

  /** Adds backends outside the registry (the ONNX backend) to what publishMappings writes. */
  addMappingSource(source: MappingSource, backend: PublicBackend): void {
    this.mappingSources.push(source);
    this.extraBackends.push(backend);
  }

  /** Rewrites the provider mappings of the hub's own backends; answers how many were written. */
  publishMappings(repos: Repos): Promise<number> {
    return publishServedMappings(repos, this.registry, this.statusOf, this.mappingSources);
  }

  private async covered(repoId: string): Promise<boolean> {
    if (this.registry.routesFor(repoId).length > 0) return true;
    for (const source of this.mappingSources) if (await source.covers(repoId)) return true;
    return false;
  }

  /**
   * Repo events that also publish the mappings when a served model gets its first commit, so a model
   * the config names before it is uploaded shows its backends as soon as it exists.
   */
  watchCommits(events: RepoEvents, repos: Repos, logger: Logger): RepoEvents {
    return {
      ...events,
      commitLanded: async (repo, commit, derived) => {
        await events.commitLanded(repo, commit, derived);
        if (repo.type !== "model" || !(await this.covered(repo.id))) return;
        const current = (await repos.find("model", repo.id))?.id;
        const known = current ? (await repos.providerMappings([current])).get(current) : undefined;
        // Registry models keep their mapping across commits; an ONNX model's may appear or go with one.
        if (this.registry.routesFor(repo.id).length > 0 && known?.some((m) => m.served_by_hub === 1)) return;
        await this.publishMappings(repos).catch((err: unknown) =>
          logger.error({ err, model: repo.id }, "publishing inference mappings failed"),
        );
      },
    };
  }
}
