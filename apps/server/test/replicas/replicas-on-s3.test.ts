import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { downloadFile, uploadFiles } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { S3BlobStore } from "../../src/content/blobs/s3/s3-blob-store.js";
import { dropPostgresSchema } from "../../src/db/open-database.js";
import { api, type HubProcess } from "../mirror/hub-process.js";
import { cephMissing, startCeph, type CephCluster } from "../s3/ceph-cluster.js";
import { startReplica } from "./replica-hubs.js";
import { LFS, MiB, sha, type BatchObject } from "../s3/lfs-wire.js";

const DATABASE_URL = process.env.DATABASE_URL;
const missing = DATABASE_URL ? cephMissing() : "DATABASE_URL is not set (replicas need PostgreSQL)";
if (missing) console.warn(`skipping the replicas-on-S3 suite: ${missing}`);

const ADMIN = `hf_s3rep_admin_${randomBytes(8).toString("hex")}`;

describe.skipIf(missing !== undefined)(
  "two hub replicas on one PostgreSQL schema, one S3 bucket (Ceph RGW) and one git folder",
  () => {
    const schema = `s3rep_${process.pid}_${Date.now().toString(36)}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-s3rep-"));
    let ceph: CephCluster;
    let store: S3BlobStore;
    let a: HubProcess;
    let b: HubProcess;

    beforeAll(async () => {
      ceph = await startCeph();
      const env = {
        ...ceph.env,
        MODELHUB_BLOB_STORE: "s3://shared-lfs/lfs",
        MODELHUB_ADMIN_TOKEN: ADMIN,
        MODELHUB_LFS_PART_MB: "5",
        MODELHUB_GC_INTERVAL_H: "0",
        MODELHUB_GC_GRACE_H: "0",
        MODELHUB_READY_TIMEOUT_S: "1",
      };
      // started together on a bucket that does not exist yet: both try to make it, neither fails
      [a, b] = await Promise.all([startReplica(dataDir, schema, env), startReplica(dataDir, schema, env)]);
      store = await ceph.store("shared-lfs", "lfs");
      for (const hub of [a, b])
        expect(
          (
            await api(`${hub.url}/api/repos/create`, ADMIN, {
              body: { name: hub === a ? "weights" : "junk", type: "model" },
            })
          ).status,
        ).toBe(200);
    }, 120_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      store?.client.destroy();
      await ceph?.stop();
      if (DATABASE_URL) await dropPostgresSchema(DATABASE_URL, schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    const batch = async (hub: HubProcess, repo: string, objects: { oid: string; size: number }[]) => {
      const response = await fetch(`${hub.url}/${repo}.git/info/lfs/objects/batch`, {
        method: "POST",
        headers: { ...LFS, Authorization: `Bearer ${ADMIN}` },
        body: JSON.stringify({ operation: "upload", transfers: ["basic"], objects }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { objects: BatchObject[] }).objects;
    };
    const commitLfs = (hub: HubProcess, repo: string, file: string, oid: string, size: number) =>
      fetch(`${hub.url}/api/models/${repo}/commit/main`, {
        method: "POST",
        headers: { "Content-Type": "application/x-ndjson", Authorization: `Bearer ${ADMIN}` },
        body: [
          { key: "header", value: { summary: `add ${file}` } },
          { key: "lfsFile", value: { path: file, algo: "sha256", oid, size } },
        ]
          .map((line) => JSON.stringify(line))
          .join("\n"),
      });

    it("uploads through A with @huggingface/hub and downloads through B by a redirect to S3", async () => {
      const weights = randomBytes(6 * MiB + 3); // above the part size: a multipart upload
      const repo = { type: "model" as const, name: "admin/weights" };
      await uploadFiles({
        repo,
        accessToken: ADMIN,
        hubUrl: a.url,
        useXet: false,
        files: [
          { path: "model.safetensors", content: new Blob([weights]) },
          { path: "config.json", content: new Blob(['{"model_type":"bert"}']) },
        ],
      });
      expect(await store.stat(sha(weights))).toBe(weights.length);

      const head = await fetch(`${b.url}/admin/weights/resolve/main/model.safetensors`, {
        method: "HEAD",
        headers: { Authorization: `Bearer ${ADMIN}` },
        redirect: "manual",
      });
      expect(head.status).toBe(302);
      expect(new URL(head.headers.get("Location")!).origin).toBe(ceph.endpoint);
      expect(head.headers.get("Location")).toContain("X-Amz-Signature=");
      expect(head.headers.get("X-Linked-Etag")).toBe(`"${sha(weights)}"`);
      expect(head.headers.get("X-Linked-Size")).toBe(String(weights.length));
      expect(head.headers.get("X-Repo-Commit")).toMatch(/^[0-9a-f]{40}$/);

      const blob = await downloadFile({ repo, path: "model.safetensors", hubUrl: b.url, accessToken: ADMIN });
      expect(sha(Buffer.from(await blob!.arrayBuffer()))).toBe(sha(weights));
    });

    it("never shows on A the poisoned bytes a client PUT through B's presigned URL", async () => {
      const honest = randomBytes(MiB);
      const oid = sha(honest);
      const [evil] = await batch(b, "admin/junk", [{ oid, size: honest.length }]);
      expect(new URL(evil.actions!.upload!.href).origin).toBe(ceph.endpoint);
      const poison = randomBytes(honest.length);
      expect((await fetch(evil.actions!.upload!.href, { method: "PUT", body: poison })).status).toBe(200);
      const verify = await fetch(evil.actions!.verify!.href, {
        method: "POST",
        headers: LFS,
        body: JSON.stringify({ oid, size: honest.length }),
      });
      expect(verify.status).toBe(422);
      // staged again, then committed through A without verify: refused there too
      const [again] = await batch(b, "admin/junk", [{ oid, size: honest.length }]);
      await (await fetch(again.actions!.upload!.href, { method: "PUT", body: poison })).arrayBuffer();
      expect((await commitLfs(a, "admin/junk", "x.bin", oid, honest.length)).status).toBe(422);
      expect(await store.stat(oid)).toBeUndefined();

      // A still asks for the bytes; the honest upload lands and A serves it
      const [victim] = await batch(a, "admin/weights", [{ oid, size: honest.length }]);
      expect(victim.actions?.upload).toBeDefined();
      expect((await fetch(victim.actions!.upload!.href, { method: "PUT", body: honest })).status).toBe(200);
      expect((await commitLfs(a, "admin/weights", "honest.bin", oid, honest.length)).status).toBe(200);
      const served = await fetch(`${a.url}/admin/weights/resolve/main/honest.bin`, {
        headers: { Authorization: `Bearer ${ADMIN}` },
      });
      expect(sha(Buffer.from(await served.arrayBuffer()))).toBe(oid);
    });

    it("collects an unreferenced object once when both replicas are asked at the same time", async () => {
      const orphan = randomBytes(1000);
      const oid = sha(orphan);
      const [answer] = await batch(a, "admin/weights", [{ oid, size: orphan.length }]);
      await (await fetch(answer.actions!.upload!.href, { method: "PUT", body: orphan })).arrayBuffer();
      const verified = await fetch(answer.actions!.verify!.href, {
        method: "POST",
        headers: LFS,
        body: JSON.stringify({ oid, size: orphan.length }),
      });
      expect(verified.status).toBe(200);
      expect(await store.stat(oid)).toBe(orphan.length);

      const runs = await Promise.all(
        [a, b].map(async (hub) => {
          const res = await api(`${hub.url}/api/admin/gc`, ADMIN, { method: "POST" });
          const body = (await res.json()) as { lfs?: { deleted: number }; error?: string };
          return { status: res.status, deleted: body.lfs?.deleted ?? 0 };
        }),
      );
      // one run holds the shared data folder's gc.lock; the other is refused (409) or finds nothing left
      expect(runs.map((run) => run.status).sort()).toEqual(
        runs.some((run) => run.status === 409) ? [200, 409] : [200, 200],
      );
      expect(runs.reduce((sum, run) => sum + run.deleted, 0)).toBe(1);
      expect(await store.stat(oid)).toBeUndefined();
      // referenced objects stay, and both replicas still serve them
      for (const hub of [a, b]) {
        const res = await fetch(`${hub.url}/admin/weights/resolve/main/honest.bin`, {
          headers: { Authorization: `Bearer ${ADMIN}` },
        });
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
    });

    it("turns /readyz 503 naming the blob store while the S3 gateway is frozen or down (nothing hangs), 200 once back", async () => {
      for (const hub of [a, b]) expect((await fetch(`${hub.url}/readyz`)).status).toBe(200);
      // a gateway that accepts connections and never answers: probes and lookups are bounded too
      await ceph.freezeGateway(true);
      try {
        const started = Date.now();
        const [ready, resolve] = await Promise.all([
          fetch(`${a.url}/readyz`, { signal: AbortSignal.timeout(20_000) }),
          fetch(`${b.url}/admin/weights/resolve/main/model.safetensors`, {
            headers: { Authorization: `Bearer ${ADMIN}` },
            redirect: "manual",
            signal: AbortSignal.timeout(20_000),
          }),
        ]);
        expect(ready.status).toBe(503);
        expect(resolve.status).toBe(503);
        await Promise.all([ready.arrayBuffer(), resolve.arrayBuffer()]);
        expect(Date.now() - started).toBeLessThan(15_000);
      } finally {
        await ceph.freezeGateway(false);
      }
      await ceph.stopGateway();
      try {
        for (const hub of [a, b]) {
          const started = Date.now();
          const down = await fetch(`${hub.url}/readyz`, { signal: AbortSignal.timeout(10_000) });
          expect(Date.now() - started).toBeLessThan(3000);
          expect(down.status).toBe(503);
          const body = (await down.json()) as { error: string; failing: string[] };
          expect(body.failing).toEqual(["blob-store"]);
          expect(body.error).toContain("blob-store");
          expect((await fetch(`${hub.url}/healthz`)).status).toBe(200);
          // a download answers 503 (its object cannot be looked up) instead of hanging or a 500
          const before = Date.now();
          const resolve = await fetch(`${hub.url}/admin/weights/resolve/main/model.safetensors`, {
            headers: { Authorization: `Bearer ${ADMIN}` },
            redirect: "manual",
            signal: AbortSignal.timeout(20_000),
          });
          expect(Date.now() - before).toBeLessThan(15_000);
          expect(resolve.status).toBe(503);
          expect(resolve.headers.get("Retry-After")).toBe("5");
          expect(((await resolve.json()) as { error: string }).error).toContain(
            "Object storage is unavailable",
          );
        }
      } finally {
        await ceph.startGateway();
      }
      for (const hub of [a, b]) {
        let status = 0;
        for (let attempt = 0; attempt < 30 && status !== 200; attempt++) {
          status = (await fetch(`${hub.url}/readyz`, { signal: AbortSignal.timeout(10_000) })).status;
          if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
        }
        expect(status).toBe(200);
      }
      // and the redirect works again through either replica
      const again = await fetch(`${b.url}/admin/weights/resolve/main/model.safetensors`, {
        headers: { Authorization: `Bearer ${ADMIN}` },
      });
      expect(again.status).toBe(200);
      await again.arrayBuffer();
    }, 60_000);
  },
);
