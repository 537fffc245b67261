import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

describe("serving the web app", () => {
  let hub: TestHub;
  const INDEX = "<!doctype html><title>ModelHub</title><div id=root></div>";

  let webDir = "";
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "modelhub-web-"));
    fs.writeFileSync(path.join(webDir, "index.html"), INDEX);
    fs.mkdirSync(path.join(webDir, "assets"));
    fs.writeFileSync(path.join(webDir, "assets", "app-123.js"), "console.log(1)");
    hub = await startTestHub({ env: { MODELHUB_WEB_DIR: webDir } });
    const token = await hub.tokenFor("dora");
    await postJson(`${hub.url}/api/repos/create`, { name: "page-model" }, token);
    await postJson(`${hub.url}/api/repos/create`, { name: "page-data", type: "dataset" }, token);
    await postJson(`${hub.url}/api/repos/create`, { name: "page-kernel", type: "kernel" }, token);
  });
  afterAll(async () => {
    await hub?.stop();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it.each([
    ["/", 200],
    ["/models", 200],
    ["/datasets?search=x", 200],
    ["/tasks", 200],
    ["/tasks/text-generation", 200],
    ["/settings/tokens", 200],
    ["/dora/page-model", 200],
    ["/dora/page-model/tree/main", 200],
    ["/dora/page-model/blob/main/README.md", 200],
    ["/dora/page-model/commits/main", 200],
    ["/datasets/dora/page-data", 200],
    ["/kernels", 200],
    ["/kernels/dora/page-kernel", 200],
    ["/kernels/dora/page-kernel/tree/main", 200],
    ["/kernels/dora/page-model", 404],
    ["/dora/missing-model", 404],
    ["/datasets/dora/page-model", 404],
    ["/tasks/not-a-task", 404],
    ["/no/such/page/at/all", 404],
    ["/dora/page-model/settingsx", 404],
  ])("GET %s → index.html with %i", async (pathname, status) => {
    const res = await fetch(`${hub.url}${pathname}`);
    expect(res.status).toBe(status);
    expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(await res.text()).toBe(INDEX);
  });

  it("serves assets with long caching, and 404s for missing ones", async () => {
    const res = await fetch(`${hub.url}/assets/app-123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/javascript/);
    expect(res.headers.get("Cache-Control")).toMatch(/immutable/);
    expect((await fetch(`${hub.url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${hub.url}/assets/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });

  it("keeps the API on JSON", async () => {
    const res = await fetch(`${hub.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toMatch(/json/);
  });
});
