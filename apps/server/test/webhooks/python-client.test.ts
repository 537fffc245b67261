import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientHomes, PY_CLIENTS, runPython } from "../platform/helpers/python-clients.js";
import { startTestHub, type TestHub } from "../platform/helpers/test-hub.js";

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "webhooks_client.py");

describe.skipIf(PY_CLIENTS.length === 0)("huggingface_hub webhook methods (MODELHUB_PY_CLIENTS)", () => {
  let hub: TestHub;
  let token = "";
  const homes = new ClientHomes("modelhub-py-hooks-");

  beforeAll(async () => {
    hub = await startTestHub();
    token = await hub.tokenFor("pyhooks");
  });
  afterAll(async () => {
    await hub?.stop();
    homes.removeAll();
  });

  it.each(PY_CLIENTS)("create/list/get/update/enable/disable/delete with PYTHONPATH=%s", async (client) => {
    const result = await runPython(
      SCRIPT,
      {
        ...homes.env(client, hub.url),
        HF_HUB_DISABLE_IMPLICIT_TOKEN: "1",
        MODELHUB_PY_TOKEN: token,
        MODELHUB_PY_WEBHOOK_URL: "https://webhook.site/test",
      },
      60_000,
    );
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain("webhooks ok");
  });
});
