import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientHomes, PY_CLIENTS, runPython } from "../platform/helpers/python-clients.js";
import { startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { cephMissing, sharedCeph, type CephCluster } from "./ceph-cluster.js";

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "s3_roundtrip.py");
const missing = cephMissing() ?? (PY_CLIENTS.length === 0 ? "MODELHUB_PY_CLIENTS is not set" : undefined);
if (missing) console.warn(`skipping huggingface_hub against a hub on S3: ${missing}`);

describe.skipIf(missing !== undefined)("huggingface_hub against a hub on S3 (Ceph RGW)", () => {
  let ceph: CephCluster;
  let hub: TestHub;
  let token = "";
  const homes = new ClientHomes("modelhub-py-s3-");

  beforeAll(async () => {
    ceph = await sharedCeph();
    hub = await startTestHub({
      env: { ...ceph.env, MODELHUB_BLOB_STORE: "s3://py-hub/lfs", MODELHUB_LFS_PART_MB: "5" },
    });
    token = await hub.tokenFor("pyuser");
  }, 120_000);
  afterAll(async () => {
    await hub?.stop();
    await ceph?.stop();
    homes.removeAll();
  }, 60_000);

  it.each(PY_CLIENTS.map((client, index) => [client, index] as const))(
    "upload_folder (multipart to presigned URLs) and snapshot_download (redirects) with PYTHONPATH=%s",
    async (client, index) => {
      const run = await runPython(
        SCRIPT,
        {
          ...homes.env(client, hub.url),
          HF_HUB_DISABLE_XET: "1",
          MODELHUB_PY_TOKEN: token,
          MODELHUB_PY_REPO: `pyuser/s3-roundtrip-${index}`,
        },
        120_000,
      );
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain("ok snapshot_download");
    },
    180_000,
  );
});
