import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { CreateBucketCommand } from "@aws-sdk/client-s3";
import { sharedService } from "@modelhub/testkit/run-services";
import { S3BlobStore } from "../../src/content/blobs/s3/s3-blob-store.js";
import { s3SettingsFrom } from "../../src/content/blobs/s3/s3-settings.js";

const run = promisify(execFile);
const SCRIPTS = fileURLToPath(new URL("../../../../scripts/ceph-s3/", import.meta.url));
const BINARIES = ["ceph-mon", "ceph-osd", "radosgw", "radosgw-admin", "monmaptool", "ceph"];

/** Why the Ceph suites cannot run here (binaries missing), or undefined when they can. */
export function cephMissing(): string | undefined {
  const path = (process.env.PATH ?? "").split(":").concat(["/usr/bin", "/usr/sbin"]);
  const missing = BINARIES.filter((name) => !path.some((dir) => existsSync(join(dir, name))));
  return missing.length === 0
    ? undefined
    : `Ceph is not installed (missing ${missing.join(", ")}): apt-get install ceph-mon ceph-osd radosgw ceph-common`;
}

export interface CephCluster {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  /** The AWS variables a hub process needs for this cluster. */
  env: Record<string, string>;
  /** A store on a new bucket (made here) under `prefix`. */
  store(bucket: string, prefix?: string, extraEnv?: Record<string, string>): Promise<S3BlobStore>;
  /** Stops the S3 gateway only (the in-memory OSD keeps the data), as an outage clients see. */
  stopGateway(): Promise<void>;
  /** Freezes (SIGSTOP) or thaws (SIGCONT) the gateway: connections are accepted, nothing answers. */
  freezeGateway(frozen: boolean): Promise<void>;
  /** Starts the gateway again and waits (bounded) until it answers. */
  startGateway(): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface CephInfo {
  dir: string;
  endpoint: string;
  accessKey: string;
  secretKey: string;
}

const ACCESS_KEY = "MODELHUBTEST";
const SECRET_KEY = "modelhub-test-secret-key-0123456789";

/** The start / stop scripts' environment for a cluster in `dir`. */
function scriptEnv(dir: string, rgwPort = 0, monPort = 0): Record<string, string> {
  return {
    CEPH_DIR: dir,
    RGW_PORT: String(rgwPort),
    MON_PORT: String(monPort),
    S3_ACCESS_KEY: ACCESS_KEY,
    S3_SECRET_KEY: SECRET_KEY,
  };
}

/** Starts a single-node Ceph RGW in `dir` on free ports (2–20 s, with the machine's load). */
async function startCluster(dir: string): Promise<CephInfo> {
  const [rgwPort, monPort] = [await freePort(), await freePort()];
  const env = { ...process.env, ...scriptEnv(dir, rgwPort, monPort) };
  try {
    await run(join(SCRIPTS, "start.sh"), { env, timeout: 90_000 });
  } catch (error) {
    await run(join(SCRIPTS, "stop.sh"), { env, timeout: 30_000 }).catch(() => undefined);
    throw error;
  }
  return { dir, endpoint: `http://127.0.0.1:${rgwPort}`, accessKey: ACCESS_KEY, secretKey: SECRET_KEY };
}

/** Starts a private single-node Ceph RGW on free ports; stop it in afterAll. For a file that stops or freezes the gateway. */
export async function startCeph(): Promise<CephCluster> {
  const dir = await mkdtemp(join(tmpdir(), "modelhub-ceph-"));
  let info: CephInfo;
  try {
    info = await startCluster(dir);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return clusterOf(info, async () => {
    await run(join(SCRIPTS, "stop.sh"), {
      env: { ...process.env, ...scriptEnv(dir) },
      timeout: 30_000,
    }).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });
}

/**
 * The test run's shared Ceph RGW: started by the first file that asks, stopped when the run ends
 * (`@modelhub/testkit`'s sharedService). Files sharing it use bucket names no other file uses, and
 * never stop or freeze its gateway (those that must use startCeph).
 */
export async function sharedCeph(): Promise<CephCluster> {
  const { info, release } = await sharedService<CephInfo>("ceph", async (dir) => ({
    info: await startCluster(dir),
    stop: { command: join(SCRIPTS, "stop.sh"), env: scriptEnv(dir) },
  }));
  const refuse = async () => {
    throw new Error("the shared Ceph cluster's gateway stays up: use startCeph() for an outage");
  };
  return { ...clusterOf(info, release), stopGateway: refuse, freezeGateway: refuse, startGateway: refuse };
}

function clusterOf(info: CephInfo, stop: () => Promise<void>): CephCluster {
  const { dir, endpoint, accessKey, secretKey } = info;
  const env = {
    AWS_ENDPOINT_URL_S3: endpoint,
    AWS_ACCESS_KEY_ID: accessKey,
    AWS_SECRET_ACCESS_KEY: secretKey,
    AWS_REGION: "us-east-1",
    MODELHUB_S3_FORCE_PATH_STYLE: "true",
  };
  return {
    endpoint,
    accessKey,
    secretKey,
    env,
    store: async (bucket, prefix = "lfs", extraEnv = {}) => {
      const settings = s3SettingsFrom({
        ...env,
        ...extraEnv,
        MODELHUB_BLOB_STORE: `s3://${bucket}/${prefix}`,
      });
      if (!settings) throw new Error("no settings");
      const store = new S3BlobStore(settings);
      await store.client
        .send(new CreateBucketCommand({ Bucket: bucket }))
        .catch((error: { name?: string }) => {
          if (error.name !== "BucketAlreadyOwnedByYou" && error.name !== "BucketAlreadyExists") throw error;
        });
      return store;
    },
    stopGateway: async () => {
      const pid = Number((await readFile(join(dir, "run", "client.rgw.pid"), "utf8")).trim());
      process.kill(pid, "SIGTERM");
      for (let i = 0; i < 100 && alive(pid); i++) await sleep(100);
      if (alive(pid)) process.kill(pid, "SIGKILL");
    },
    freezeGateway: async (frozen) => {
      const pid = Number((await readFile(join(dir, "run", "client.rgw.pid"), "utf8")).trim());
      process.kill(pid, frozen ? "SIGSTOP" : "SIGCONT");
    },
    startGateway: async () => {
      await run("radosgw", ["-n", "client.rgw"], {
        env: { ...process.env, CEPH_CONF: join(dir, "ceph.conf") },
        timeout: 30_000,
      });
      for (let i = 0; i < 120; i++) {
        if (
          await fetch(endpoint).then(
            () => true,
            () => false,
          )
        )
          return;
        await sleep(250);
      }
      throw new Error("radosgw did not come back");
    },
    stop,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
