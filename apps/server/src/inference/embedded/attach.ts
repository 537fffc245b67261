import type { BackendProbe } from "../health/probe.js";
import type { BackendSettings } from "../settings.js";
import { EmbeddedEngine, type EmbeddedEngineDeps } from "./embedded-engine.js";

export interface AttachDeps extends EmbeddedEngineDeps {
  /** Lets health checks (and the admin page) see whether llama.cpp loaded. */
  registerProbe?: (kind: string, probe: BackendProbe) => void;
}

/**
 * Gives every `embedded` backend its engine and points its transport at it (the settings objects are
 * the registry's own, so the gateway sends through it from now on). llama.cpp is loaded at once when
 * the backend already has a model to serve, else on the first request, so hubs that never use it
 * never pay for it. Returns the engines.
 */
export function attachEmbeddedBackends(
  backends: readonly BackendSettings[],
  deps: AttachDeps,
): EmbeddedEngine[] {
  const engines = new Map<string, EmbeddedEngine>();
  for (const backend of backends) {
    if (backend.kind !== "embedded" || backend.transport) continue;
    const engine = new EmbeddedEngine(backend, deps);
    backend.transport = engine.transport;
    engines.set(backend.name.toLowerCase(), engine);
    void warmWhenServing(backend, engine, deps);
  }
  if (engines.size > 0) deps.registerProbe?.("embedded", embeddedProbe(engines));
  return [...engines.values()];
}

async function warmWhenServing(
  backend: BackendSettings,
  engine: EmbeddedEngine,
  deps: AttachDeps,
): Promise<void> {
  for (const hubId of Object.keys(backend.models)) {
    const exists = await deps.repos.find("model", hubId).catch(() => undefined);
    if (exists) return engine.warmUp();
  }
}

/** Healthy unless llama.cpp failed to load; never loads it itself. */
function embeddedProbe(engines: Map<string, EmbeddedEngine>): BackendProbe {
  return async (backend) => {
    const state = engines.get(backend.name.toLowerCase())?.state;
    if (state?.state === "failed")
      return { ok: false, latencyMs: 0, error: `llama.cpp unavailable: ${state.reason}` };
    return { ok: true, latencyMs: 0 };
  };
}
