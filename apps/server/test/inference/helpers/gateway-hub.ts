import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { insertRepo } from "../../platform/helpers/insert-repo.js";
import { startTestHub, type Dialect, type TestHub } from "../../platform/helpers/test-hub.js";
import { startFakeBackend, type FakeBackend } from "./fake-backend.js";

export interface GatewayHub {
  hub: TestHub;
  backend: FakeBackend;
  /** Token of "alice", who owns the private model and belongs to org "acme" (admin). */
  alice: string;
  /** Token of "bob", member of nothing. */
  bob: string;
  stop(): Promise<void>;
}

export const BACKEND_KEY = "sk-backend-secret";

/** Model ids the test config serves, with the fake backend's behaviour each one maps to. */
export const MODELS = {
  chat: "acme/tiny-chat",
  privateChat: "alice/private-chat",
  /** Gated ("manual"): acme members may call it, others need granted access. */
  gated: "acme/gated-chat",
  dies: "acme/dies",
  hangs: "acme/hangs",
  slow: "acme/slow",
  flood: "acme/flood",
  refuses: "acme/refuses",
  crashes: "acme/crashes",
  locked: "acme/locked",
  unserved: "acme/unserved",
  /** Served only by the unreachable backend of `withDeadBackend`. */
  onlyDead: "acme/only-dead",
} as const;

/** A backend on a port nothing listens on (connection refused). */
export const DEAD_BACKEND_URL = "http://127.0.0.1:1/v1";

/**
 * A hub whose MODELHUB_INFERENCE_CONFIG points at a fresh fake backend, with a few model repos,
 * users alice (admin of org acme) and bob, and the limits given.
 */
export async function startGatewayHub(
  dialect: Dialect,
  limits: { requestsPerMinute?: number; monthlyTokenQuota?: number } = {},
  options: { withDeadBackend?: boolean } = {},
): Promise<GatewayHub> {
  const backend = await startFakeBackend();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-inference-"));
  const configFile = path.join(dir, "inference.json");
  fs.writeFileSync(
    configFile,
    JSON.stringify({
      backends: [
        ...(options.withDeadBackend
          ? [
              {
                name: "dead",
                kind: "openai-compatible",
                baseUrl: DEAD_BACKEND_URL,
                models: { [MODELS.chat]: "tiny", [MODELS.onlyDead]: "tiny" },
              },
            ]
          : []),
        {
          name: "fake",
          kind: "openai-compatible",
          baseUrl: backend.baseUrl,
          apiKeyEnv: "FAKE_BACKEND_KEY",
          timeoutMs: 400,
          models: {
            [MODELS.chat]: "tiny",
            [MODELS.privateChat]: "private",
            [MODELS.gated]: "tiny",
            [MODELS.dies]: "die",
            [MODELS.hangs]: "hang",
            [MODELS.slow]: "slow",
            [MODELS.flood]: "flood",
            [MODELS.refuses]: "refuse",
            [MODELS.crashes]: "crash",
            [MODELS.locked]: "locked",
          },
        },
      ],
      limits: { requestsPerMinute: 1000, ...limits },
    }),
  );
  const hub = await startTestHub({
    dialect,
    env: { MODELHUB_INFERENCE_CONFIG: configFile, FAKE_BACKEND_KEY: BACKEND_KEY },
  });
  const alice = await hub.tokenFor("alice");
  const bob = await hub.tokenFor("bob");
  await hub.services.accounts.createOrg({ name: "acme", members: ["alice"] });
  for (const id of Object.values(MODELS))
    await insertRepo(hub.services, { id, private: id === MODELS.privateChat });
  const gated = await hub.services.repos.find("model", MODELS.gated);
  if (gated) await hub.services.repos.updateSettings(gated, { gated: "manual" });
  return {
    hub,
    backend,
    alice,
    bob,
    async stop() {
      await hub.stop();
      await backend.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
