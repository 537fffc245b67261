import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { S3BlobStore } from "../../src/content/blobs/s3/s3-blob-store.js";
import { resolveConfig } from "../../src/config/config.js";
import { S3SettingsError, s3SettingsFrom } from "../../src/content/blobs/s3/s3-settings.js";
import { BoundedPool } from "../../src/content/blobs/s3/bounded-pool.js";

describe("S3 settings", () => {
  it("reads the bucket, prefix and the standard AWS variables; the data folder stays the default", () => {
    expect(s3SettingsFrom({})).toBeUndefined();
    expect(resolveConfig({}, {}).s3).toBeUndefined();
    const settings = s3SettingsFrom({
      MODELHUB_BLOB_STORE: "s3://my-bucket/hub/lfs/",
      AWS_ENDPOINT_URL: "http://fallback:1",
      AWS_ENDPOINT_URL_S3: "http://127.0.0.1:7480",
      AWS_ACCESS_KEY_ID: "AK",
      AWS_SECRET_ACCESS_KEY: "SK",
      AWS_REGION: "eu-west-1",
      MODELHUB_S3_DOWNLOAD_URL_SECONDS: "60",
    });
    expect(settings).toMatchObject({
      bucket: "my-bucket",
      prefix: "hub/lfs",
      endpoint: "http://127.0.0.1:7480",
      region: "eu-west-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "AK", secretAccessKey: "SK" },
      uploadUrlSeconds: 3600,
      downloadUrlSeconds: 60,
      verifyWorkers: 4,
    });
    expect(
      s3SettingsFrom({ MODELHUB_BLOB_STORE: "s3://b-1", MODELHUB_S3_FORCE_PATH_STYLE: "false" }),
    ).toMatchObject({ prefix: "", forcePathStyle: false, endpoint: undefined, credentials: undefined });
  });

  it("refuses what it cannot use, with the variable's name (a config error at start)", () => {
    for (const [env, name] of [
      [{ MODELHUB_BLOB_STORE: "/var/lfs" }, "MODELHUB_BLOB_STORE"],
      [{ MODELHUB_BLOB_STORE: "s3://Bad_Bucket" }, "bucket"],
      [{ MODELHUB_BLOB_STORE: "s3://b-1", AWS_ENDPOINT_URL_S3: "localhost:9000" }, "AWS_ENDPOINT_URL"],
      [
        { MODELHUB_BLOB_STORE: "s3://b-1", MODELHUB_S3_UPLOAD_URL_SECONDS: "0" },
        "MODELHUB_S3_UPLOAD_URL_SECONDS",
      ],
      [
        { MODELHUB_BLOB_STORE: "s3://b-1", MODELHUB_S3_FORCE_PATH_STYLE: "maybe" },
        "MODELHUB_S3_FORCE_PATH_STYLE",
      ],
    ] as const) {
      expect(() => s3SettingsFrom(env)).toThrow(S3SettingsError);
      expect(() => s3SettingsFrom(env)).toThrow(name);
      expect(() => resolveConfig({}, env)).toThrow(name);
    }
  });

  it("checkReachable rejects promptly when nothing answers at the endpoint", async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const settings = s3SettingsFrom({
      MODELHUB_BLOB_STORE: "s3://nowhere",
      AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${closed}`,
      AWS_ACCESS_KEY_ID: "AK",
      AWS_SECRET_ACCESS_KEY: "SK",
    })!;
    const store = new S3BlobStore(settings);
    const started = Date.now();
    await expect(store.checkReachable()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(10_000);
    store.client.destroy();
  });

  it("bounded pool: at most N at once, one run per key", async () => {
    const pool = new BoundedPool(2);
    let running = 0;
    let peak = 0;
    const task = async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running--;
      return "done";
    };
    const shared = [pool.run("a", task), pool.run("a", task)];
    const others = ["b", "c", "d"].map((key) => pool.run(key, task));
    expect(await Promise.all([...shared, ...others])).toEqual(Array(5).fill("done"));
    expect(peak).toBe(2);
    expect(pool.depth).toBe(0);
  });
});
