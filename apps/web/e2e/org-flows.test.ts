import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, signIn, watchErrors } from "./support/browser.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] org flow skipped: ${skipReason}`);

const ADMIN = "org-admin";
const MEMBER = "org-member";
const PASSWORD = "org-e2e-password-1";
const ORG = "e2e-lab";

interface Member {
  user: string;
  role: string;
}

describe.skipIf(skipReason !== undefined)("organisation pages in Chromium against the real hub", () => {
  let hub: RunningHub;
  const session = new BrowserSession();

  beforeAll(async () => {
    hub = await startHub({ seed: false });
    await hub.createUser(ADMIN, PASSWORD);
    await hub.createUser(MEMBER, PASSWORD);
    await session.start();
  });

  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });

  afterEach((test) => session.screenshotIfFailed(test, "org"));

  async function signedIn(user: string, dark = false): Promise<{ page: Page; errors: string[] }> {
    const page = await session.newPage(hub.url, { dark });
    const errors = watchErrors(page);
    await signIn(page, user, PASSWORD);
    return { page, errors };
  }

  const members = async () =>
    (await (await fetch(`${hub.url}/api/organizations/${ORG}/members`)).json()) as Member[];

  it("creates an organisation, adds a member, changes the role and shows the members", async () => {
    const { page, errors } = await signedIn(ADMIN);

    // the account menu leads to the new-organisation page
    await page.getByLabel("Account menu").click();
    await page.getByRole("link", { name: "New organisation" }).click();
    await page.waitForURL(/\/organizations\/new$/);
    await page.locator("#org-name").fill(ORG);
    await page.locator("#org-fullname").fill("E2E Research Lab");
    await screenshot(page, "org-01-new-light");
    await page.getByRole("button", { name: "Create organisation" }).click();
    await page.waitForURL(new RegExp(`/organizations/${ORG}/settings/members$`));

    // add a member as reader, then make them a writer
    await page.locator("#member-username").fill(MEMBER);
    await page.locator("#member-role").selectOption("read");
    await page.getByRole("button", { name: "Add member" }).click();
    const row = page.locator(`[data-member="${MEMBER}"]`);
    await row.waitFor();
    const role = page.getByLabel(`Role of ${MEMBER}`);
    expect(await role.inputValue()).toBe("read");
    await role.selectOption("write");
    await expect.poll(members).toEqual([
      { user: ADMIN, role: "admin" },
      { user: MEMBER, role: "write" },
    ]);
    await expect.poll(() => role.inputValue()).toBe("write");
    // the only admin can be neither demoted nor removed
    expect(await page.getByLabel(`Role of ${ADMIN}`).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: `Remove ${ADMIN}` }).isDisabled()).toBe(true);

    // a name that is nobody's gets the hub's own message
    await page.locator("#member-username").fill("nobody-here");
    await page.getByRole("button", { name: "Add member" }).click();
    await page.getByRole("alert").filter({ hasText: "User nobody-here not found" }).waitFor();
    await page.locator("#member-username").fill("");
    await screenshot(page, "org-02-members-light");

    // the profile page lists the members and links admins to the settings
    const profile = await page.goto(`/${ORG}`);
    expect(profile?.status()).toBe(200);
    const sidebar = page.getByTestId("org-members");
    await sidebar.getByText(MEMBER).waitFor();
    expect(await sidebar.locator("li").allInnerTexts()).toEqual([
      expect.stringContaining(ADMIN),
      expect.stringContaining(MEMBER),
    ]);
    await page.getByRole("heading", { name: "E2E Research Lab" }).waitFor();
    await screenshot(page, "org-03-profile-light");
    await page.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL(new RegExp(`/organizations/${ORG}/settings/members$`));
    await page.locator(`[data-member="${MEMBER}"]`).waitFor();

    // the account menu lists the organisation
    await page.getByLabel("Account menu").click();
    await page.getByRole("link", { name: `${ORG} members` }).waitFor();
    await screenshot(page, "org-07-account-menu", false);
    expect(errors).toEqual([]);

    // the same pages in dark mode
    const dark = await signedIn(ADMIN, true);
    const settings = await dark.page.goto(`/organizations/${ORG}/settings/members`);
    expect(settings?.status()).toBe(200);
    await dark.page.locator(`[data-member="${MEMBER}"]`).waitFor();
    await screenshot(dark.page, "org-04-members-dark");
    await dark.page.goto(`/${ORG}`);
    await dark.page.getByTestId("org-members").getByText(MEMBER).waitFor();
    await screenshot(dark.page, "org-05-profile-dark");
    expect(dark.errors).toEqual([]);

    // a writer sees the list read-only
    const writer = await signedIn(MEMBER);
    await writer.page.goto(`/organizations/${ORG}/settings/members`);
    await writer.page.locator(`[data-member="${ADMIN}"]`).waitFor();
    await writer.page.getByText("Only admins of e2e-lab can add members or change roles.").waitFor();
    expect(await writer.page.locator("#member-username").count()).toBe(0);
    expect(await writer.page.getByLabel(`Role of ${MEMBER}`).count()).toBe(0);
    await screenshot(writer.page, "org-06-members-read-only");
    // a user's own profile lists their organisations
    expect((await writer.page.goto(`/${MEMBER}`))?.status()).toBe(200);
    await writer.page.getByRole("link", { name: "E2E Research Lab" }).waitFor();
    expect(writer.errors).toEqual([]);

    expect((await page.request.get(`${hub.url}/organizations/no-such-org/settings/members`)).status()).toBe(
      404,
    );
  });
});
