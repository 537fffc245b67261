import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, signIn, watchErrors } from "./support/browser.js";
import { commitFiles, createRepo } from "./support/fixtures.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] repo settings skipped: ${skipReason}`);

const OWNER = "settings-owner";
const PASSWORD = "settings-owner-password-1";

interface Info {
  id: string;
  private: boolean;
  gated: false | "auto" | "manual";
}

describe.skipIf(skipReason !== undefined)("an owner manages a repo from its settings page (Chromium)", () => {
  let hub: RunningHub;
  let token = "";
  const session = new BrowserSession();
  const info = async (id: string) => {
    const res = await fetch(`${hub.url}/api/models/${id}`, { headers: { Authorization: `Bearer ${token}` } });
    return { status: res.status, body: res.ok ? ((await res.json()) as Info) : undefined };
  };

  beforeAll(async () => {
    hub = await startHub({ seed: false });
    token = await hub.createUser(OWNER, PASSWORD);
    await createRepo(hub.url, token, "model", `${OWNER}/first-model`);
    await commitFiles(hub.url, token, "model", `${OWNER}/first-model`, [
      { path: "README.md", content: "# Settings demo\n\nA model whose owner changes everything.\n" },
    ]);
    await session.start();
  });
  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });
  afterEach((test) => session.screenshotIfFailed(test, "repo-settings"));

  it("makes it private, gates it, renames it (the old address follows) and deletes it", async () => {
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    await signIn(page, OWNER, PASSWORD);
    await page.goto(`/${OWNER}/first-model`);
    const tabs = page.getByRole("navigation", { name: "Repository sections" });
    await tabs.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL(`**/${OWNER}/first-model/settings`);
    const reload = await page.request.get(`/${OWNER}/first-model/settings`);
    expect(reload.status()).toBe(200);

    const visibility = page.getByRole("region", { name: "Visibility" });
    await visibility.getByRole("button", { name: "Make private" }).click();
    await visibility.getByText("Now private.").waitFor();
    expect((await info(`${OWNER}/first-model`)).body?.private).toBe(true);
    // anonymous: 401 for a repo it cannot see, like the Hub
    expect((await fetch(`${hub.url}/api/models/${OWNER}/first-model`)).status).toBe(401);

    const gating = page.getByRole("region", { name: "Gated access" });
    await gating.getByLabel(/Manual: you accept or reject/).check();
    await gating.getByRole("button", { name: "Save access settings" }).click();
    await gating.getByText("Access settings saved.").waitFor();
    expect((await info(`${OWNER}/first-model`)).body?.gated).toBe("manual");
    await screenshot(page, "repo-settings-01-private-gated");

    // a name that is taken shows the API's error in place and changes nothing
    await createRepo(hub.url, token, "model", `${OWNER}/taken-name`);
    const rename = page.getByRole("region", { name: "Rename or move" });
    await rename.getByLabel("New id (owner/name)").fill(`${OWNER}/taken-name`);
    await rename.getByRole("button", { name: "Rename" }).click();
    await rename.getByRole("alert").waitFor();
    expect(await rename.getByRole("alert").innerText()).toMatch(/already exists|taken/i);
    await screenshot(page, "repo-settings-02-rename-error");

    await rename.getByLabel("New id (owner/name)").fill(`${OWNER}/second-model`);
    await rename.getByRole("button", { name: "Rename" }).click();
    await page.waitForURL(`**/${OWNER}/second-model`);
    await page.getByText("A model whose owner changes everything.").waitFor();
    expect((await info(`${OWNER}/second-model`)).status).toBe(200);
    await page.goto(`/${OWNER}/first-model`);
    await page.waitForURL(`**/${OWNER}/second-model`);

    await page.goto(`/${OWNER}/second-model/settings`);
    const danger = page.getByRole("region", { name: "Delete this repository" });
    const confirm = danger.getByRole("button", { name: /I understand, delete/ });
    expect(await confirm.isDisabled()).toBe(true);
    await danger.getByLabel(/to confirm/).fill(`${OWNER}/second-mode`);
    expect(await confirm.isDisabled()).toBe(true);
    await danger.getByLabel(/to confirm/).fill(`${OWNER}/second-model`);
    await screenshot(page, "repo-settings-03-delete");
    await confirm.click();
    await page.waitForURL(new RegExp(`/${OWNER}$`));
    expect((await info(`${OWNER}/second-model`)).status).toBe(404);
    expect(errors).toEqual([]);
  });

  it("is not offered to other users, and the API refuses them", async () => {
    const otherToken = await hub.createUser("settings-other", "settings-other-password-1");
    const page = await session.newPage(hub.url);
    await signIn(page, "settings-other", "settings-other-password-1");
    await page.goto(`/${OWNER}/taken-name`);
    await page.getByRole("link", { name: "Files and versions" }).waitFor();
    const tabs = page.getByRole("navigation", { name: "Repository sections" });
    expect(await tabs.getByRole("link", { name: "Settings" }).count()).toBe(0);
    const res = await fetch(`${hub.url}/api/models/${OWNER}/taken-name/settings`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${otherToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ private: true }),
    });
    expect(res.status, await res.text()).toBe(403);
  });
});
