import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropPostgresSchema } from "../../src/db/open-database.js";
import { api, type HubProcess } from "../mirror/hub-process.js";
import { createToken, CuttableProxy, roundRobin, startReplica } from "./replica-hubs.js";

const DATABASE_URL = process.env.DATABASE_URL;
const ADMIN = `hf_replicas_admin_${randomBytes(8).toString("hex")}`;
const LFS = "application/vnd.git-lfs+json";

function commitBody(file: string, text: string): string {
  return [
    { key: "header", value: { summary: `add ${file}` } },
    { key: "file", value: { path: file, content: Buffer.from(text).toString("base64"), encoding: "base64" } },
  ]
    .map((line) => JSON.stringify(line))
    .join("\n");
}

async function json<T>(response: Response | Promise<Response>): Promise<T> {
  const res = await response;
  if (res.status >= 300) throw new Error(`${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

// Replicas need PostgreSQL (SQLite is one process); the CI sets DATABASE_URL.
describe.skipIf(!DATABASE_URL)("two hub replicas on one PostgreSQL schema and one data folder", () => {
  const schema = `replicas_${process.pid}_${Date.now().toString(36)}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-replicas-"));
  let a: HubProcess;
  let b: HubProcess;
  let next: () => HubProcess;

  beforeAll(async () => {
    // started together: migrations, the site admin and start-up repairs must not trip over each other
    [a, b] = await Promise.all([
      startReplica(dataDir, schema, { MODELHUB_ADMIN_TOKEN: ADMIN, MODELHUB_LISTING_CACHE_MS: "600000" }),
      startReplica(dataDir, schema, { MODELHUB_ADMIN_TOKEN: ADMIN, MODELHUB_LISTING_CACHE_MS: "600000" }),
    ]);
    next = roundRobin([a, b]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    if (DATABASE_URL) await dropPostgresSchema(DATABASE_URL, schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("lists a repo made on one replica on the other at once, and hides it there once made private", async () => {
    const listed = async (hub: HubProcess, token?: string) =>
      (await json<{ id: string }[]>(api(`${hub.url}/api/models?author=admin&limit=100`, token))).map(
        (repo) => repo.id,
      );
    // b caches its (empty) listing page, and a's row of the repo once it exists
    expect(await listed(b)).toEqual([]);
    const created = await api(`${a.url}/api/repos/create`, ADMIN, {
      body: { name: "shared", type: "model" },
    });
    expect(created.status).toBe(200);
    expect(await listed(b)).toEqual(["admin/shared"]);
    expect((await api(`${b.url}/api/models/admin/shared`)).status).toBe(200);

    const hidden = await api(`${b.url}/api/models/admin/shared/settings`, ADMIN, {
      method: "PUT",
      body: { private: true },
    });
    expect(hidden.status).toBe(200);
    expect(await listed(a)).toEqual([]);
    expect((await api(`${a.url}/api/models/admin/shared`)).status).toBe(401); // anonymous: 401 for a repo it cannot see
    expect(await listed(a, ADMIN)).toEqual(["admin/shared"]);
  });

  it("serialises 100 commits to one branch spread over both replicas: none lost, history linear", async () => {
    expect(
      (await api(`${next().url}/api/repos/create`, ADMIN, { body: { name: "busy", type: "model" } })).status,
    ).toBe(200);
    const statuses: number[] = [];
    let index = 0;
    // 8 clients at a time, each request to the next replica in turn, none naming a parent commit
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (index < 100) {
          const file = `file-${index++}.txt`;
          const res = await fetch(`${next().url}/api/models/admin/busy/commit/main`, {
            method: "POST",
            headers: { Authorization: `Bearer ${ADMIN}`, "Content-Type": "application/x-ndjson" },
            body: commitBody(file, `${file} contents`),
          });
          statuses.push(res.status);
          await res.arrayBuffer();
        }
      }),
    );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(statuses).toHaveLength(100);

    const gitDir = path.join(dataDir, "repos", "models", "admin", "busy.git");
    const history = execFileSync("git", ["--git-dir", gitDir, "rev-list", "--parents", "main"], {
      encoding: "utf8",
    })
      .trim()
      .split("\n")
      .map((line) => line.split(" "));
    expect(history).toHaveLength(101); // the initial commit and 100
    expect(history.filter((ids) => ids.length > 2)).toEqual([]); // no merges
    // both replicas resolve main to the head at once (no stale cached revision), with all 100 files
    const heads = await Promise.all(
      [a, b].map(
        async (hub) => (await json<{ sha: string }>(api(`${hub.url}/api/models/admin/busy`, ADMIN))).sha,
      ),
    );
    expect(heads).toEqual([history[0][0], history[0][0]]);
    const tree = await json<{ path: string }[]>(api(`${b.url}/api/models/admin/busy/tree/main`, ADMIN));
    expect(tree.filter((entry) => entry.path.startsWith("file-"))).toHaveLength(100);
  }, 120_000);

  it("keeps a web session made on one replica valid on the other", async () => {
    await createToken(dataDir, schema, "carol", "correct horse battery");
    const login = await fetch(`${a.url}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "carol", password: "correct horse battery" }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get("Set-Cookie") ?? "").split(";")[0];
    expect(cookie).toMatch(/^modelhub_session=./);
    const session = await json<{ signedIn: boolean; user?: string }>(
      fetch(`${b.url}/api/session`, { headers: { Cookie: cookie } }),
    );
    expect(session).toMatchObject({ signedIn: true, user: "carol" });

    // failed sign-ins count on every replica together: five spread over both, then both refuse
    const attempt = (hub: HubProcess) =>
      fetch(`${hub.url}/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: "carol", password: "wrong" }),
      }).then((res) => res.status);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await attempt(next()));
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect([await attempt(a), await attempt(b)]).toEqual([429, 429]);
  });

  it("answers /metrics to a site admin only, with requests by route pattern and the lock gauges", async () => {
    const anonymous = await fetch(`${a.url}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toHaveProperty("error");
    const carol = await createToken(dataDir, schema, "carol");
    expect((await api(`${a.url}/metrics`, carol)).status).toBe(403);
    const res = await api(`${a.url}/metrics`, ADMIN);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(
      /modelhub_http_requests_total\{method="POST",route="\/api\/repos\/create",status="200"\} \d+/,
    );
    expect(text).toMatch(
      /modelhub_http_request_duration_seconds_bucket\{le="0.5",method="GET",route="[^"]+:[^"]+"/,
    );
    expect(text).toContain("modelhub_repo_lock_waiting 0");
    expect(text).toContain("modelhub_blob_store_errors_total");
    expect(text).toContain("process_cpu_seconds_total");
    // concrete paths never become labels (one series per pattern, not per repo)
    expect(text).not.toContain('route="/api/models/admin/busy');
  });

  it("keeps serving on one replica while the other is killed mid-upload", async () => {
    const bytes = randomBytes(4 * 1024 * 1024);
    const oid = createHash("sha256").update(bytes).digest("hex");
    const batch = await json<{
      objects: { actions?: { upload?: { href: string; header?: Record<string, string> } } }[];
    }>(
      fetch(`${b.url}/admin/busy.git/info/lfs/objects/batch`, {
        method: "POST",
        headers: { Authorization: `Bearer ${ADMIN}`, Accept: LFS, "Content-Type": LFS },
        body: JSON.stringify({
          operation: "upload",
          transfers: ["basic"],
          objects: [{ oid, size: bytes.length }],
        }),
      }),
    );
    const upload = batch.objects[0].actions?.upload;
    expect(upload).toBeDefined();
    // half the body, then b dies
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent) return new Promise<void>(() => undefined);
        sent = true;
        controller.enqueue(bytes.subarray(0, bytes.length / 2));
      },
    });
    const put = fetch(upload!.href, {
      method: "PUT",
      headers: { ...upload!.header, "Content-Type": "application/octet-stream" },
      body,
      duplex: "half",
    } as RequestInit).then(
      (res) => res.status,
      () => "failed",
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    b.child.kill("SIGKILL");
    expect(await put).toBe("failed");

    // a answers reads and writes, and its readiness is unaffected
    expect((await fetch(`${a.url}/readyz`)).status).toBe(200);
    const commit = await fetch(`${a.url}/api/models/admin/busy/commit/main`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ADMIN}`, "Content-Type": "application/x-ndjson" },
      body: commitBody("after-kill.txt", "still here"),
    });
    expect(commit.status).toBe(200);
    expect(
      await (
        await fetch(`${a.url}/admin/busy/resolve/main/after-kill.txt`, {
          headers: { Authorization: `Bearer ${ADMIN}` },
        })
      ).text(),
    ).toBe("still here");
    // the half-sent object never became visible: a asks for the whole upload again
    const again = await json<{ objects: { actions?: { upload?: unknown } }[] }>(
      fetch(`${a.url}/admin/busy.git/info/lfs/objects/batch`, {
        method: "POST",
        headers: { Authorization: `Bearer ${ADMIN}`, Accept: LFS, "Content-Type": LFS },
        body: JSON.stringify({
          operation: "upload",
          transfers: ["basic"],
          objects: [{ oid, size: bytes.length }],
        }),
      }),
    );
    expect(again.objects[0].actions?.upload).toBeDefined();
  }, 60_000);

  it("releases the write lock of a replica killed while it held it", async () => {
    // c dies right after moving the ref, inside the repository's lock
    const c = await startReplica(dataDir, schema, { MODELHUB_TEST_CRASH_AT: "after-ref-move" });
    const died = new Promise((resolve) => c.child.once("exit", resolve));
    await fetch(`${c.url}/api/models/admin/busy/commit/main`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ADMIN}`, "Content-Type": "application/x-ndjson" },
      body: commitBody("crash.txt", "landed before the crash"),
    }).catch(() => undefined);
    await died;
    const started = Date.now();
    const commit = await fetch(`${a.url}/api/models/admin/busy/commit/main`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ADMIN}`, "Content-Type": "application/x-ndjson" },
      body: commitBody("after-crash.txt", "x"),
    });
    expect(commit.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
    const tree = await json<{ path: string }[]>(api(`${a.url}/api/models/admin/busy/tree/main`, ADMIN));
    expect(tree.map((entry) => entry.path)).toEqual(expect.arrayContaining(["crash.txt", "after-crash.txt"]));
  }, 60_000);
});

describe.skipIf(!DATABASE_URL)("/healthz and /readyz when the database goes away and comes back", () => {
  const schema = `replicas_ready_${process.pid}_${Date.now().toString(36)}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-readyz-"));
  const target = new URL(DATABASE_URL ?? "postgres://127.0.0.1:5432/test");
  const proxy = new CuttableProxy(target.hostname, Number(target.port || 5432));
  let hub: HubProcess;

  beforeAll(async () => {
    await proxy.open();
    const viaProxy = new URL(target);
    viaProxy.port = String(proxy.port);
    hub = await startReplica(dataDir, schema, {
      DATABASE_URL: viaProxy.toString(),
      MODELHUB_READY_TIMEOUT_S: "1",
      MODELHUB_METRICS_PUBLIC: "1",
    });
    // "listening" comes before the start-up repairs; cut the database only once they are done
    for (let i = 0; i < 100 && !hub.log.some((line) => line.msg === "start-up work done"); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
  }, 60_000);

  afterAll(async () => {
    await hub?.stop();
    await proxy.cut();
    if (DATABASE_URL) await dropPostgresSchema(DATABASE_URL, schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("turns 503 naming the database within the probe timeout, and 200 again once it is back", async () => {
    const ready = await fetch(`${hub.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { checks: { name: string }[] }).checks.map((c) => c.name)).toEqual([
      "database",
      "blob-store",
      "git-folder",
      "replica-notices",
    ]);
    // a scraper without a token reads the metrics on this hub (MODELHUB_METRICS_PUBLIC=1)
    const metrics = await fetch(`${hub.url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain("modelhub_http_requests_total");

    await proxy.cut();
    const started = Date.now();
    const down = await fetch(`${hub.url}/readyz`);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(down.status).toBe(503);
    const body = (await down.json()) as { error: string; failing: string[] };
    // the cache-notice listener went with the database (or goes on its next keep-alive)
    expect(body.failing).toContain("database");
    expect(body.error).toContain("database");
    expect((await fetch(`${hub.url}/healthz`)).status).toBe(200);

    await proxy.open();
    let status = 0;
    for (let attempt = 0; attempt < 30 && status !== 200; attempt++) {
      status = (await fetch(`${hub.url}/readyz`)).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(status).toBe(200);
  }, 60_000);
});
