import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestHub, type TestHub } from "../platform/helpers/test-hub.js";

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "upload_two_splits.py");
const CLIENTS = (process.env.MODELHUB_PY_CLIENTS ?? "")
  .split(",")
  .map((entry) => entry.trim())
  .filter((entry) => entry !== "");

function run(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("/usr/bin/python3", [SCRIPT], { env: { PATH: process.env.PATH ?? "", ...env } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

// Skipped without MODELHUB_PY_CLIENTS, like the other official-client suites (see python-client/).
describe.skipIf(CLIENTS.length === 0)("a CSV dataset with two splits uploaded with huggingface_hub", () => {
  let hub: TestHub;
  let token = "";
  const homes: string[] = [];
  beforeAll(async () => {
    hub = await startTestHub();
    token = await hub.tokenFor("pyuser");
  });
  afterAll(async () => {
    await hub?.stop();
    for (const home of homes) fs.rmSync(home, { recursive: true, force: true });
  });

  it.each(CLIENTS.map((client, index) => [client, index] as const))(
    "is converted and served by the viewer API (PYTHONPATH=%s)",
    async (client, index) => {
      const home = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-py-ds-"));
      homes.push(home);
      const result = await run({
        PYTHONPATH: client,
        HOME: home,
        HF_HOME: path.join(home, "hf"),
        HF_ENDPOINT: hub.url,
        HF_HUB_DISABLE_TELEMETRY: "1",
        HF_HUB_DISABLE_PROGRESS_BARS: "1",
        MODELHUB_PY_USER: "pyuser",
        MODELHUB_PY_TOKEN: token,
        MODELHUB_PY_TAG: String(index),
        TMPDIR: home,
      });
      console.log(result.output.trim());
      expect(result.code, result.output).toBe(0);
      expect(result.output.split("\n").filter((line) => line.startsWith("ok"))).toHaveLength(7);
    },
  );
});
