import type { Logger } from "../../platform/logger.js";
import type { Repos } from "../../platform/repos.js";
import type { InferenceRuntime } from "../runtime.js";
import type { BackendSettings } from "../settings.js";
import { DEFAULT_HEALTH, type HealthSettings } from "./health-settings.js";
import { openAiModelsProbe, type BackendProbe, type ProbeResult } from "./probe.js";

/** The last check of a backend, as the admin API shows it. */
export interface BackendCheck {
  checkedAt: string;
  ok: boolean;
  latencyMs: number;
  error?: string;
  /** `gateway` when a real call found the backend unreachable. */
  source: "check" | "gateway";
}

interface BackendState {
  failures: number;
  last?: BackendCheck;
}

/**
 * Checks every backend on a timer (one round at a time, never overlapping), turns N consecutive
 * failures into `staging` and one success into `live`, and re-publishes the provider mappings each
 * round so both status changes and models uploaded since the last round show up.
 */
export class HealthChecker {
  private readonly states = new Map<string, BackendState>();
  private readonly probes = new Map<string, BackendProbe>([
    ["openai-compatible", openAiModelsProbe],
    ["upstream", openAiModelsProbe],
  ]);
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private stopped = false;
  /** Aborts the checks in flight when the hub closes, so closing never waits for a slow backend. */
  private readonly closing = new AbortController();

  constructor(
    private readonly runtime: InferenceRuntime,
    private readonly repos: Repos,
    private readonly logger: Logger,
    readonly settings: HealthSettings = DEFAULT_HEALTH,
  ) {}

  /** Lets another backend kind (e.g. one run in-process) take part in checks; others count as live. */
  registerProbe(kind: string, probe: BackendProbe): void {
    this.probes.set(kind, probe);
  }

  /** A first round now, then one per interval (nothing at all for a hub without backends). */
  start(): void {
    if (this.timer || this.stopped || this.runtime.settings.backends.length === 0) return;
    void this.checkAll();
    this.timer = setInterval(() => void this.checkAll(), this.settings.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.closing.abort();
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.round;
  }

  lastCheck(backendName: string): BackendCheck | undefined {
    return this.states.get(backendName.toLowerCase())?.last;
  }

  /** One round over every backend, then a publish; a round already running is joined, not doubled. */
  checkAll(): Promise<void> {
    this.round ??= this.runRound().finally(() => {
      this.round = undefined;
    });
    return this.round;
  }

  /** Checks one backend now (the admin's button); undefined for an unknown name. */
  async checkNow(backendName: string): Promise<BackendCheck | undefined> {
    const backend = this.runtime.registry.backendNamed(backendName);
    if (!backend) return undefined;
    if (await this.checkBackend(backend)) await this.publish();
    return this.lastCheck(backend.name);
  }

  /** A gateway call could not reach the backend: staging at once, until a check succeeds. */
  reportUnreachable(backendName: string): void {
    // Only a backend that a check can bring back may be marked down by a request.
    const backend = this.runtime.registry.backendNamed(backendName);
    if (this.stopped || !backend || !this.probes.has(backend.kind)) return;
    const state = this.stateOf(backendName);
    state.failures = Math.max(state.failures + 1, this.settings.failuresBeforeStaging);
    state.last = {
      checkedAt: new Date().toISOString(),
      ok: false,
      latencyMs: 0,
      error: "unreachable during a request",
      source: "gateway",
    };
    if (this.runtime.setStatus(backendName, "staging")) void this.publish();
  }

  private async runRound(): Promise<void> {
    await Promise.all(this.runtime.settings.backends.map((backend) => this.checkBackend(backend)));
    if (!this.stopped) await this.publish();
  }

  /** Runs the backend's probe and records it; true when its status changed. */
  private async checkBackend(backend: BackendSettings): Promise<boolean> {
    const probe = this.probes.get(backend.kind);
    if (!probe) return false;
    let result: ProbeResult;
    try {
      result = await probe(backend, this.settings.timeoutMs, this.closing.signal);
    } catch {
      result = { ok: false, latencyMs: 0, error: "check failed" };
    }
    if (this.stopped) return false;
    const state = this.stateOf(backend.name);
    state.failures = result.ok ? 0 : state.failures + 1;
    state.last = { checkedAt: new Date().toISOString(), ...result, source: "check" };
    const status = state.failures >= this.settings.failuresBeforeStaging ? "staging" : "live";
    if (!result.ok && state.failures === this.settings.failuresBeforeStaging)
      this.logger.warn(
        { backend: backend.name, error: result.error },
        "inference backend failing its health checks",
      );
    const changed = this.runtime.setStatus(backend.name, status);
    if (changed && status === "live")
      this.logger.info({ backend: backend.name }, "inference backend healthy again");
    return changed;
  }

  private stateOf(backendName: string): BackendState {
    const key = backendName.toLowerCase();
    let state = this.states.get(key);
    if (!state) {
      state = { failures: 0 };
      this.states.set(key, state);
    }
    return state;
  }

  private async publish(): Promise<void> {
    try {
      await this.runtime.publishMappings(this.repos);
    } catch (err) {
      if (!this.stopped) this.logger.error({ err }, "publishing inference mappings failed");
    }
  }
}
