import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureWritableDataDir } from "../../src/platform/data-dir.js";
import { appWithJsonLimit, startTestHub, type TestHub } from "./helpers/test-hub.js";

const LIMIT = 1024;

/** A body sent without Content-Length, so only counting while streaming can stop it. */
function chunkedBody(totalBytes: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode(`{"pad":"${"x".repeat(256)}`);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

describe("bounded request bodies and safe headers", () => {
  let hub: TestHub;
  let token: string;
  let app: ReturnType<typeof appWithJsonLimit>;

  beforeAll(async () => {
    hub = await startTestHub();
    token = await hub.tokenFor("alice");
    await hub.services.accounts.createOrg({ name: "acme", members: ["alice"] });
    app = appWithJsonLimit(hub, LIMIT);
  });
  afterAll(() => hub?.stop());

  // Before: only /api/repos/*, /api/login and settings routes were bounded; these read any size.
  it.each([
    "/api/organizations/new",
    "/api/organizations/acme/members",
    "/api/models/alice/m/ask-access",
    "/api/models/alice/m/user-access-request/handle",
    "/api/models/alice/m/like",
    "/api/models/alice/m/paths-info/main",
  ])("%s answers 413 to a body over the limit, with or without Content-Length", async (route) => {
    const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
    const sized = await app.request(route, {
      method: "POST",
      headers,
      body: JSON.stringify({ pad: "x".repeat(LIMIT * 4) }),
    });
    expect(sized.status).toBe(413);
    expect(await sized.json()).toEqual({ error: `Request body is larger than ${LIMIT} bytes` });

    const streamed = await app.request(route, {
      method: "POST",
      headers,
      body: chunkedBody(LIMIT * 64),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it("each route gets a bound that fits it: 1 MiB for small JSON, the full limit where files travel", async () => {
    const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
    const twoMiB = "x".repeat(2 * 1024 * 1024);
    const defaults = appWithJsonLimit(hub, 64 * 1024 * 1024);
    for (const route of ["/api/organizations/new", "/api/settings/tokens", "/api/models/alice/m/settings"]) {
      const res = await defaults.request(route, {
        method: route.endsWith("settings") ? "PUT" : "POST",
        headers,
        body: JSON.stringify({ name: "x", pad: twoMiB }),
      });
      expect(res.status, route).toBe(413);
      expect(await res.json()).toEqual({ error: "Request body is larger than 1048576 bytes" });
    }
    const files = [{ path: "big.txt", content: twoMiB, encoding: "utf-8" }];
    const created = await defaults.request("/api/repos/create", {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "two-mib", files }),
    });
    expect(created.status).toBe(200);
  });

  it("every answer carries X-Content-Type-Options: nosniff (JSON, errors, files)", async () => {
    for (const url of ["/api/models", "/api/models/nobody/nothing", "/api/tasks"]) {
      const res = await fetch(`${hub.url}${url}`);
      expect(res.headers.get("X-Content-Type-Options"), url).toBe("nosniff");
    }
  });

  it("a new data folder is private to the hub's user (0700)", () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-datadir-"));
    const dir = path.join(parent, "nested", "data");
    try {
      ensureWritableDataDir(dir);
      expect(fs.statSync(dir).mode & 0o077).toBe(0);
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});
