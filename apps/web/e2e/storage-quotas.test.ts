import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, signIn, watchErrors } from "./support/browser.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] storage quota flow skipped: ${skipReason}`);

const USER = "quota-e2e";
const PASSWORD = "quota-e2e-password-1";
const ADMIN_TOKEN = "hf_quota_e2e_site_admin_token_00001";

describe.skipIf(skipReason !== undefined)("storage quotas in Chromium against the real hub", () => {
  let hub: RunningHub;
  const session = new BrowserSession();
  const admin = (method: string, route: string, body?: unknown) =>
    fetch(`${hub.url}${route}`, {
      method,
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    hub = await startHub({ seed: false, env: { MODELHUB_ADMIN_TOKEN: ADMIN_TOKEN } });
    const token = await hub.createUser(USER, PASSWORD);
    const created = await fetch(`${hub.url}/api/repos/create`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ type: "model", name: "small" }),
    });
    expect(created.status).toBe(200);
    await session.start();
  });

  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });

  afterEach((test) => session.screenshotIfFailed(test, "storage-quotas"));

  it("shows the quota's message when an upload does not fit, and the figure on the storage page", async () => {
    const used = ((await (await admin("GET", `/api/admin/quotas/${USER}`)).json()) as { usedBytes: number })
      .usedBytes;
    expect((await admin("PUT", `/api/admin/quotas/${USER}`, { storage: used + 1000 })).status).toBe(200);
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    await signIn(page, USER, PASSWORD);
    await page.goto(`/${USER}/small/upload`);
    const weights = Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 13) % 256));
    await page
      .locator("#upload-input")
      .setInputFiles([{ name: "weights.bin", mimeType: "application/octet-stream", buffer: weights }]);
    await page.getByRole("button", { name: "Commit changes to main" }).click();
    const error = page.locator('[data-testid="upload-error"]');
    await error.waitFor();
    expect(await error.innerText()).toMatch(/Storage quota exceeded: quota-e2e uses .* needs 8\.1 kB/);
    await screenshot(page, "storage-upload-refused");

    await page.getByLabel("Account menu").click();
    await page.getByRole("link", { name: "Storage", exact: true }).click();
    await page.waitForURL(/\/settings\/storage$/);
    const summary = page.locator('[data-testid="storage-summary"]');
    await summary.waitFor();
    expect(await summary.innerText()).toContain(" of ");
    expect(await summary.innerText()).toContain("1 of unlimited repositories");
    await screenshot(page, "storage-page");
    expect(errors).toEqual([]);
  });

  it("lets the site admin set a quota on the admin page; a bad size shows the hub's message", async () => {
    await hub.createUser("admin", PASSWORD);
    const page = await session.newPage(hub.url, { dark: true });
    const errors = watchErrors(page);
    await signIn(page, "admin", PASSWORD);
    await page.getByLabel("Account menu").click();
    await page.getByRole("link", { name: "Storage quotas" }).click();
    await page.waitForURL(/\/admin\/quotas$/);
    await page.getByLabel("User or organization").fill(USER);
    await page.getByRole("button", { name: "Show" }).click();
    await page.locator('[data-testid="storage-summary"]').waitFor();
    await page.getByLabel("Storage quota").fill("50XB");
    await page.getByRole("button", { name: "Save" }).click();
    await page.locator('[data-testid="quota-error"]').waitFor();
    expect(await page.locator('[data-testid="quota-error"]').innerText()).toMatch(/Invalid storage quota/);
    await page.getByLabel("Storage quota").fill("2GB");
    await page.getByLabel("Repository limit").fill("5");
    await page.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => page.locator('[data-testid="storage-summary"]').innerText())
      .toMatch(/of 2\.0 GB[\s\S]*1 of 5 repositories/);
    const listed = page.locator(`[data-testid="quota-list"] [data-row="${USER}"]`);
    await listed.waitFor();
    expect(await listed.innerText()).toContain("1 of 5");
    await screenshot(page, "storage-admin-dark");
    const stored = (await (await admin("GET", `/api/admin/quotas/${USER}`)).json()) as {
      storageLimit: number;
      repoLimit: number;
    };
    expect(stored).toMatchObject({ storageLimit: 2e9, repoLimit: 5 });
    expect(errors).toEqual([]);
  });
});
