import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PY_CLIENTS } from "../platform/helpers/python-clients.js";
import { MODELS, startGatewayHub, type GatewayHub } from "../inference/helpers/gateway-hub.js";

const run = promisify(execFile);
const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "inference_smoke.py");

// Skipped without MODELHUB_PY_CLIENTS, like the client smoke suite next to it (see its warning).
describe.skipIf(PY_CLIENTS.length === 0)("official InferenceClient against the gateway", () => {
  let g: GatewayHub;
  beforeAll(async () => {
    g = await startGatewayHub("sqlite");
  });
  afterAll(async () => {
    await g?.stop();
  });

  it.each(PY_CLIENTS)(
    "chats, streams and generates through every address with PYTHONPATH=%s",
    async (client) => {
      const { stdout } = await run("/usr/bin/python3", [SCRIPT], {
        env: {
          PATH: process.env.PATH ?? "",
          PYTHONPATH: client,
          HOME: g.hub.dataDir,
          HF_HUB_DISABLE_TELEMETRY: "1",
          HUB: g.hub.url,
          TOKEN: g.alice,
          MODEL: MODELS.chat,
          BACKEND: "fake",
        },
        encoding: "utf8",
        timeout: 60_000,
      });
      console.log(stdout.trim());
      expect(stdout.split("\n").filter((line) => line.startsWith("ok"))).toHaveLength(5);
    },
  );
});
