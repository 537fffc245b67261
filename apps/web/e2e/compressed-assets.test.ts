import type { Request } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, watchErrors } from "./support/browser.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] compressed assets flow skipped: ${skipReason}`);

describe.skipIf(skipReason !== undefined)("the built web app reaches Chromium compressed", () => {
  let hub: RunningHub;
  const session = new BrowserSession();

  beforeAll(async () => {
    hub = await startHub({ seed: false });
    await session.start();
  });
  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });
  afterEach((test) => session.screenshotIfFailed(test, "compressed"));

  it("loads the build's scripts and styles as brotli (the precompressed copies) and renders", async () => {
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    const assets: Request[] = [];
    page.on("requestfinished", (request) => {
      if (new URL(request.url()).pathname.startsWith("/assets/")) assets.push(request);
    });
    await page.goto("/models");
    await page.waitForFunction(() => (document.getElementById("root")?.childElementCount ?? 0) > 0);
    await page.waitForLoadState("networkidle");

    const large = [];
    for (const request of assets) {
      const response = await request.response();
      const type = (await response?.headerValue("content-type")) ?? "";
      const body = await response?.body();
      if (!/javascript|css/.test(type) || !body || body.length < 2048) continue;
      large.push(request.url());
      expect(await response?.headerValue("content-encoding"), request.url()).toBe("br");
      expect(await response?.headerValue("vary"), request.url()).toMatch(/Accept-Encoding/);
      expect((await request.sizes()).responseBodySize, request.url()).toBeLessThan(body.length);
    }
    expect(large.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
