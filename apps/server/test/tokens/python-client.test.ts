import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientHomes, PY_CLIENTS, runPython } from "../platform/helpers/python-clients.js";
import { DIALECTS, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { createRepo, fineGrainedToken } from "./helpers.js";

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "fine_grained_client.py");

// Runs like test/python-client: only with MODELHUB_PY_CLIENTS (PYTHONPATHs of huggingface_hub sources).
describe.skipIf(PY_CLIENTS.length === 0).each(DIALECTS)(
  "huggingface_hub with a fine-grained token (%s)",
  (dialect) => {
    let hub: TestHub;
    let token = "";
    const homes = new ClientHomes("modelhub-py-fine-");

    beforeAll(async () => {
      hub = await startTestHub({ dialect });
      const owner = await hub.tokenFor("pyfine");
      await createRepo(hub, owner, "pyfine", "scoped");
      await createRepo(hub, owner, "pyfine", "other");
      token = await fineGrainedToken(hub, owner, [
        { entity: { type: "model", name: "pyfine/scoped" }, permissions: ["repo.write"] },
      ]);
    }, 60_000);
    afterAll(async () => {
      await hub?.stop();
      homes.removeAll();
    });

    it.each(PY_CLIENTS)(
      "whoami, upload inside and outside the scope with PYTHONPATH=%s",
      async (client) => {
        const run = await runPython(SCRIPT, {
          ...homes.env(client, hub.url),
          HF_HUB_DISABLE_IMPLICIT_TOKEN: "1",
          MODELHUB_PY_FINE_TOKEN: token,
          MODELHUB_PY_REPO: "pyfine/scoped",
          MODELHUB_PY_OTHER_REPO: "pyfine/other",
        });
        expect(run.code, run.output).toBe(0);
        expect(run.output).toMatch(/fine-grained checks passed/);
      },
      120_000,
    );
  },
);
