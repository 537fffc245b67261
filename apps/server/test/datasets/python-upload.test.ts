import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientHomes, PY_CLIENTS, runPython } from "../platform/helpers/python-clients.js";
import { startTestHub, type TestHub } from "../platform/helpers/test-hub.js";

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "upload_two_splits.py");

// Skipped without MODELHUB_PY_CLIENTS, like the other official-client suites (see python-client/).
describe.skipIf(PY_CLIENTS.length === 0)(
  "a CSV dataset with two splits uploaded with huggingface_hub",
  () => {
    let hub: TestHub;
    let token = "";
    const homes = new ClientHomes("modelhub-py-ds-");
    beforeAll(async () => {
      hub = await startTestHub();
      token = await hub.tokenFor("pyuser");
    });
    afterAll(async () => {
      await hub?.stop();
      homes.removeAll();
    });

    it.each(PY_CLIENTS.map((client, index) => [client, index] as const))(
      "is converted and served by the viewer API (PYTHONPATH=%s)",
      async (client, index) => {
        const result = await runPython(SCRIPT, {
          ...homes.env(client, hub.url),
          MODELHUB_PY_USER: "pyuser",
          MODELHUB_PY_TOKEN: token,
          MODELHUB_PY_TAG: String(index),
        });
        console.log(result.output.trim());
        expect(result.code, result.output).toBe(0);
        expect(result.output.split("\n").filter((line) => line.startsWith("ok"))).toHaveLength(7);
      },
    );
  },
);
