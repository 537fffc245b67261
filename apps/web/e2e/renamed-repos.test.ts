import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, watchErrors } from "./support/browser.js";
import { commitFiles, createRepo } from "./support/fixtures.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] renamed repos skipped: ${skipReason}`);

const USER = "renaming-user";
const PASSWORD = "renaming-password-1";

describe.skipIf(skipReason !== undefined)("a renamed repo's old address in Chromium", () => {
  let hub: RunningHub;
  const session = new BrowserSession();

  beforeAll(async () => {
    hub = await startHub({ seed: false });
    const token = await hub.createUser(USER, PASSWORD);
    await createRepo(hub.url, token, "model", `${USER}/first-name`);
    await commitFiles(hub.url, token, "model", `${USER}/first-name`, [
      { path: "README.md", content: "# Renamed model\n\nStill here under its new name.\n" },
    ]);
    const moved = await fetch(`${hub.url}/api/repos/move`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ fromRepo: `${USER}/first-name`, toRepo: `${USER}/second-name` }),
    });
    expect(moved.status).toBe(200);
    await session.start();
  });
  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });
  afterEach((test) => session.screenshotIfFailed(test, "renamed-repos"));

  it("loading the old address lands on the new page", async () => {
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    await page.goto(`/${USER}/first-name`);
    await page.getByText("Still here under its new name.").waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${USER}/second-name`);
    await screenshot(page, "renamed-repos-00-old-address");
    expect(errors).toEqual([]);
  });

  it("following an in-app link to the old address moves the address bar to the new one", async () => {
    const page = await session.newPage(hub.url);
    await page.goto("/models");
    await page.evaluate((target) => {
      window.history.pushState({}, "", target);
      window.dispatchEvent(new PopStateEvent("popstate"));
    }, `/${USER}/first-name/tree/main`);
    await page.waitForURL(`**/${USER}/second-name/tree/main`);
    await page.getByText("README.md").first().waitFor();
    await screenshot(page, "renamed-repos-01-in-app-link");
  });
});
