import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientHomes, PY_CLIENTS, runPython } from "../platform/helpers/python-clients.js";
import { DIALECTS, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "client_smoke.py");
if (PY_CLIENTS.length === 0)
  console.warn(
    "python-client: skipped. Set MODELHUB_PY_CLIENTS to comma-separated PYTHONPATHs of huggingface_hub " +
      "sources (e.g. MODELHUB_PY_CLIENTS=/tmp/hfhub/v1/src,/tmp/hfhub/v036/src) to run the official " +
      "Python client against a real hub with /usr/bin/python3.",
  );

describe.skipIf(PY_CLIENTS.length === 0).each(DIALECTS)("official huggingface_hub client (%s)", (dialect) => {
  let hub: TestHub;
  let token = "";
  let otherToken = "";
  let contributorToken = "";
  const homes = new ClientHomes("modelhub-py-home-");

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    token = await hub.tokenFor("pyuser");
    otherToken = await hub.tokenFor("pyother", "read");
    contributorToken = await hub.tokenFor("pycontrib");
  });
  afterAll(async () => {
    await hub?.stop();
    homes.removeAll();
  });

  it.each(PY_CLIENTS.map((client, index) => [client, index] as const))(
    "passes every smoke check with PYTHONPATH=%s",
    async (client, index) => {
      const run = await runPython(SCRIPT, {
        ...homes.env(client, hub.url),
        HF_HUB_DISABLE_IMPLICIT_TOKEN: "1",
        MODELHUB_PY_USER: "pyuser",
        MODELHUB_PY_TOKEN: token,
        MODELHUB_PY_OTHER_TOKEN: otherToken,
        MODELHUB_PY_CONTRIBUTOR_TOKEN: contributorToken,
        MODELHUB_PY_TAG: `${dialect}-${index}`,
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
