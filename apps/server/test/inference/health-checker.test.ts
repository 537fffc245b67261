import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { HealthChecker } from "../../src/inference/health/checker.js";
import type { ProbeResult } from "../../src/inference/health/probe.js";
import { InferenceRuntime } from "../../src/inference/runtime.js";
import type { BackendSettings } from "../../src/inference/settings.js";
import type { Repos } from "../../src/platform/repos.js";

const backend = (name: string, kind: BackendSettings["kind"]): BackendSettings => ({
  name,
  kind,
  baseUrl: kind === "embedded" ? `in-process://${name}` : "http://127.0.0.1:1/v1",
  models: { "a/b": "m" },
  timeoutMs: 1000,
});

/** Repos that know no model: publishing writes nothing, but counts how often it was asked. */
function fakeRepos() {
  const calls = { publish: 0 };
  const repos = {
    find: () => Promise.resolve(undefined),
    replaceHubServedMappings: () => {
      calls.publish++;
      return Promise.resolve();
    },
  } as unknown as Repos;
  return { repos, calls };
}

describe("HealthChecker", () => {
  const settings = { intervalMs: 60_000, timeoutMs: 100, failuresBeforeStaging: 2 };

  it("leaves kinds without a check live, even when a request could not reach them", async () => {
    const runtime = new InferenceRuntime({
      backends: [backend("local", "embedded"), backend("gpu", "openai-compatible")],
      limits: { requestsPerMinute: 60 },
    });
    const { repos, calls } = fakeRepos();
    const checker = new HealthChecker(runtime, repos, pino({ level: "silent" }), settings);
    checker.reportUnreachable("local");
    checker.reportUnreachable("GPU");
    expect(runtime.statusOf("local")).toBe("live");
    expect(runtime.statusOf("gpu")).toBe("staging");
    await checker.checkAll();
    expect(runtime.statusOf("local")).toBe("live");
    expect(checker.lastCheck("local")).toBeUndefined();
    expect(checker.lastCheck("gpu")).toMatchObject({ ok: false, error: "connection failed" });
    expect(calls.publish).toBeGreaterThanOrEqual(2);
    await checker.stop();
  });

  it("uses a probe registered for a kind: N failures staging, one success live", async () => {
    const runtime = new InferenceRuntime({
      backends: [backend("local", "embedded")],
      limits: { requestsPerMinute: 60 },
    });
    const checker = new HealthChecker(runtime, fakeRepos().repos, pino({ level: "silent" }), settings);
    let next: ProbeResult = { ok: false, latencyMs: 1, error: "model file missing" };
    checker.registerProbe("embedded", () => Promise.resolve(next));
    await checker.checkAll();
    expect(runtime.statusOf("local")).toBe("live");
    await checker.checkAll();
    expect(runtime.statusOf("local")).toBe("staging");
    expect(checker.lastCheck("local")).toMatchObject({
      ok: false,
      error: "model file missing",
      source: "check",
    });
    next = { ok: true, latencyMs: 1 };
    expect(await checker.checkNow("local")).toMatchObject({ ok: true });
    expect(runtime.statusOf("local")).toBe("live");
    await checker.stop();
  });
});
