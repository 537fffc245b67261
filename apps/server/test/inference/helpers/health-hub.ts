import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startTestHub, type Dialect, type TestHub } from "../../platform/helpers/test-hub.js";
import { startFakeBackend, type FakeBackend } from "./fake-backend.js";

export const ADMIN_TOKEN = "hf_site_admin_token_for_inference_tests";
export const HEALTH_BACKEND_KEY = "sk-health-secret";

export interface HealthHub {
  hub: TestHub;
  backend: FakeBackend;
  stop(): Promise<void>;
}

/** A hub with one backend "box" (the fake backend) serving `models`, checked every `intervalMs`. */
export async function startHealthHub(
  dialect: Dialect,
  models: Record<string, string>,
  health: { intervalMs: number; timeoutMs?: number },
): Promise<HealthHub> {
  const backend = await startFakeBackend();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-health-"));
  const configFile = path.join(dir, "inference.json");
  fs.writeFileSync(
    configFile,
    JSON.stringify({
      backends: [
        { name: "box", kind: "openai-compatible", baseUrl: backend.baseUrl, apiKeyEnv: "BOX_KEY", models },
      ],
      limits: { requestsPerMinute: 1000 },
      health: { timeoutMs: 300, ...health },
    }),
  );
  const hub = await startTestHub({
    dialect,
    env: {
      MODELHUB_INFERENCE_CONFIG: configFile,
      BOX_KEY: HEALTH_BACKEND_KEY,
      MODELHUB_ADMIN_TOKEN: ADMIN_TOKEN,
    },
  });
  return {
    hub,
    backend,
    async stop() {
      await hub.stop();
      await backend.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls `probe` until it returns true (every 50 ms, at most `ms`). */
export async function eventually(probe: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
