import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestHub, type TestHub } from "./helpers/test-hub.js";

interface Registry {
  standardEnvVars: string[];
  harnesses: Record<string, { prettyLabel: string; envVars?: Record<string, string> }>;
}

/** Which harness huggingface_hub ≥ 1.x names from an environment, given the registry (first match wins). */
function detect(registry: Registry, env: Record<string, string>): string | null {
  for (const [id, harness] of Object.entries(registry.harnesses)) {
    const vars = Object.entries(harness.envVars ?? {});
    if (vars.some(([name, pattern]) => env[name] && (pattern === "*" || env[name] === pattern))) return id;
    if (registry.standardEnvVars.some((name) => env[name]?.trim() === id)) return id;
  }
  return registry.standardEnvVars.some((name) => env[name]) ? "unknown" : null;
}

/** `GET /api/agent-harnesses`, which huggingface_hub fetches (unauthenticated) to name the agent running it. */
describe("GET /api/agent-harnesses", () => {
  let hub: TestHub;
  let registry: Registry;

  beforeAll(async () => {
    hub = await startTestHub();
    const res = await fetch(`${hub.url}/api/agent-harnesses`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    registry = (await res.json()) as Registry;
  });
  afterAll(() => hub?.stop());

  it("answers anyone with the standard variables and the harnesses keyed by id", () => {
    expect(registry.standardEnvVars).toEqual(["AI_AGENT", "AGENT"]);
    expect(Object.keys(registry.harnesses)).toEqual(
      expect.arrayContaining(["claude-code", "codex", "cursor", "cursor-cli", "cowork", "devin", "pi"]),
    );
    for (const harness of Object.values(registry.harnesses)) expect(harness.prettyLabel).toBeTruthy();
    expect(registry.harnesses.devin?.envVars).toBeUndefined();
  });

  it("lets the client name the agent, the more specific harness first", () => {
    expect(detect(registry, {})).toBeNull();
    expect(detect(registry, { CLAUDECODE: "1" })).toBe("claude-code");
    expect(detect(registry, { CLAUDECODE: "1", CLAUDE_CODE_IS_COWORK: "1" })).toBe("cowork");
    expect(detect(registry, { CURSOR_TRACE_ID: "t", CURSOR_AGENT: "1" })).toBe("cursor-cli");
    expect(detect(registry, { CODEX_THREAD_ID: "x" })).toBe("codex");
    expect(detect(registry, { AI_AGENT: "devin" })).toBe("devin");
    expect(detect(registry, { AGENT: "something-else" })).toBe("unknown");
  });
});
