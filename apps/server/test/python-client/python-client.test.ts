import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "client_smoke.py");
const PYTHON = "/usr/bin/python3";
/** Comma-separated PYTHONPATHs, one per huggingface_hub version to try (e.g. its checked-out `src/`). */
const CLIENTS = (process.env.MODELHUB_PY_CLIENTS ?? "")
  .split(",")
  .map((entry) => entry.trim())
  .filter((entry) => entry !== "");

if (CLIENTS.length === 0)
  console.warn(
    "python-client: skipped. Set MODELHUB_PY_CLIENTS to comma-separated PYTHONPATHs of huggingface_hub " +
      "sources (e.g. MODELHUB_PY_CLIENTS=/tmp/hfhub/v1/src,/tmp/hfhub/v036/src) to run the official " +
      "Python client against a real hub with /usr/bin/python3.",
  );

interface Run {
  code: number | null;
  output: string;
}

function runSmoke(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, [SCRIPT], { env: { PATH: process.env.PATH ?? "", ...env } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe.skipIf(CLIENTS.length === 0).each(DIALECTS)("official huggingface_hub client (%s)", (dialect) => {
  let hub: TestHub;
  let token = "";
  let otherToken = "";
  let contributorToken = "";
  const homes: string[] = [];

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    token = await hub.tokenFor("pyuser");
    otherToken = await hub.tokenFor("pyother", "read");
    contributorToken = await hub.tokenFor("pycontrib");
  });
  afterAll(async () => {
    await hub?.stop();
    for (const home of homes) fs.rmSync(home, { recursive: true, force: true });
  });

  it.each(CLIENTS.map((client, index) => [client, index] as const))(
    "passes every smoke check with PYTHONPATH=%s",
    async (client, index) => {
      const home = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-py-home-"));
      homes.push(home);
      const run = await runSmoke({
        PYTHONPATH: client,
        HOME: home,
        HF_HOME: path.join(home, "hf"),
        HF_ENDPOINT: hub.url,
        HF_HUB_DISABLE_TELEMETRY: "1",
        HF_HUB_DISABLE_PROGRESS_BARS: "1",
        HF_HUB_DISABLE_IMPLICIT_TOKEN: "1",
        MODELHUB_PY_USER: "pyuser",
        MODELHUB_PY_TOKEN: token,
        MODELHUB_PY_OTHER_TOKEN: otherToken,
        MODELHUB_PY_CONTRIBUTOR_TOKEN: contributorToken,
        MODELHUB_PY_TAG: `${dialect}-${index}`,
        TMPDIR: home,
      });
      console.log(
        run.output
          .split("\n")
          .filter((line) => /^(ok|note|FAIL|huggingface_hub) /.test(line))
          .join("\n"),
      );
      expect(run.code, run.output).toBe(0);
      expect(run.output).toMatch(/checks passed/);
    },
    300_000,
  );
});
