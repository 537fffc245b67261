import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, signIn, watchErrors } from "./support/browser.js";
import { createRepo } from "./support/fixtures.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] audit log skipped: ${skipReason}`);

const ALICE = "audit-alice";
const BOB = "audit-bob";
const PASSWORD = "audit-e2e-password-1";
const ADMIN_TOKEN = `hf_${"E".repeat(34)}`;

async function api(hub: RunningHub, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${hub.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
}

describe.skipIf(skipReason !== undefined)("audit log pages (Chromium)", () => {
  let hub: RunningHub;
  const session = new BrowserSession();

  beforeAll(async () => {
    hub = await startHub({ seed: false, env: { MODELHUB_ADMIN_TOKEN: ADMIN_TOKEN } });
    const alice = await hub.createUser(ALICE, PASSWORD);
    const bob = await hub.createUser(BOB, PASSWORD);
    await hub.createUser("admin", PASSWORD);
    await api(hub, alice, "POST", "/api/organizations/new", { name: "acme-audit" });
    await api(hub, alice, "POST", "/api/organizations/acme-audit/members", { user: BOB, role: "read" });
    await api(hub, alice, "PUT", `/api/organizations/acme-audit/members/${BOB}/role`, { role: "write" });
    await createRepo(hub.url, alice, "model", "acme-audit/classifier");
    await api(hub, alice, "PUT", "/api/models/acme-audit/classifier/settings", {
      private: true,
      gated: "manual",
    });
    await createRepo(hub.url, bob, "model", "acme-audit/bobs-model");
    await api(hub, bob, "POST", "/api/collections", { title: "Picks", namespace: "acme-audit" });
    // a failed sign-in against alice's name, from the browser's address
    await fetch(`${hub.url}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: ALICE, password: "not-her-password" }),
    });
    await session.start();
  });
  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });
  afterEach((test) => session.screenshotIfFailed(test, "audit-log"));

  it("shows an org admin who did what, filters by type and author, and downloads the selection", async () => {
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    await signIn(page, ALICE, PASSWORD);
    await page.goto("/organizations/acme-audit/settings/audit-log");
    const events = page.getByTestId("audit-events").locator("li");
    await events.first().waitFor();
    const types = await events.evaluateAll((items) => items.map((item) => item.getAttribute("data-type")));
    expect(types).toEqual(
      expect.arrayContaining([
        "org.create",
        "org.add_user",
        "org.change_role",
        "repo.create",
        "repo.update_settings",
      ]),
    );
    expect(types).not.toContain("user.login_failed");
    await page
      .locator('li[data-type="repo.update_settings"]')
      .getByRole("button", { name: "Details" })
      .click();
    await page.locator(".audit-data", { hasText: '"gated"' }).waitFor();
    await screenshot(page, "audit-log-01-org");

    await page.getByLabel("Event type").selectOption("org.*");
    await page.getByLabel("Author").fill(ALICE);
    await page.getByRole("button", { name: "Apply" }).click();
    await page
      .getByTestId("audit-query")
      .filter({ hasText: `type:org.* author:${ALICE}` })
      .waitFor();
    // the filtered page has arrived when the list holds events again, all of them org.* (an empty list
    // while it loads would pass an "every" check)
    await page.waitForFunction(() => {
      const items = [...document.querySelectorAll("[data-testid=audit-events] li")];
      return items.length > 0 && items.every((li) => (li.getAttribute("data-type") ?? "").startsWith("org."));
    });
    expect(page.url()).toContain("q=type%3Aorg.*");
    const authors = await page.locator(".audit-author-name").allInnerTexts();
    expect(new Set(authors)).toEqual(new Set([ALICE]));
    await screenshot(page, "audit-log-02-filtered");

    const csvHref = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
    const csv = await page.request.get(csvHref ?? "");
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-disposition"]).toMatch(
      /attachment; filename="audit-log-acme-audit-.*\.csv"/,
    );
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toMatch(/^_id,createdAt,type,message,author\.type/);
    expect(lines.slice(1).every((line) => line.includes(",org.") && line.includes(ALICE))).toBe(true);
    const json = await page.request.get(
      (await page.getByRole("link", { name: "Download JSON" }).getAttribute("href")) ?? "",
    );
    // each download is recorded (org.audit_log.export, an org.* event of alice): the JSON one holds the CSV one's too
    expect(((await json.json()) as unknown[]).length).toBe(lines.length);
    expect(errors).toEqual([]);
  });

  it("reads well in dark mode and on a phone; a member who is not an admin is told why not", async () => {
    const dark = await session.newPage(hub.url, { dark: true });
    await signIn(dark, ALICE, PASSWORD);
    await dark.goto("/organizations/acme-audit/settings/audit-log");
    await dark.getByTestId("audit-events").waitFor();
    await dark.locator("li[data-type='org.change_role']").getByRole("button", { name: "Details" }).click();
    await screenshot(dark, "audit-log-03-dark");

    const phone = await session.newPage(hub.url);
    await signIn(phone, ALICE, PASSWORD);
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto("/organizations/acme-audit/settings/audit-log");
    await phone.getByTestId("audit-events").waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone, "audit-log-04-phone");

    const member = await session.newPage(hub.url);
    await signIn(member, BOB, PASSWORD);
    await member.goto("/organizations/acme-audit/settings/audit-log");
    await member.getByText("Only admins of acme-audit can read its audit log.").waitFor();
  });

  it("gives site admins the whole hub's log, with failed sign-ins and the chain check", async () => {
    const page = await session.newPage(hub.url);
    await signIn(page, "admin", PASSWORD);
    await page.getByLabel("Account menu").click();
    await page.getByRole("link", { name: "Audit log" }).click();
    await page.waitForURL("**/admin/audit-log");
    await page.locator("li[data-type='user.login_failed']").first().waitFor();
    await page.getByRole("button", { name: "Verify chain" }).click();
    await page.getByTestId("audit-verify").filter({ hasText: "Intact:" }).waitFor();
    await screenshot(page, "audit-log-05-admin");
    await page.getByLabel("Event type").selectOption("user.login_failed");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByTestId("audit-query").filter({ hasText: "type:user.login_failed" }).waitFor();
    const failed = page.locator("li[data-type='user.login_failed']");
    await failed.first().waitFor();
    expect(await page.locator("[data-testid=audit-events] li").count()).toBe(await failed.count());
    expect(await failed.first().innerText()).toContain("wrong_password");
  });
});
