import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, signIn, watchErrors } from "./support/browser.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] org tokens skipped: ${skipReason}`);

const ADMIN = "tok-admin";
const MEMBER = "tok-member";
const PASSWORD = "tokens-e2e-password-1";
const ORG = "tok-lab";

describe.skipIf(skipReason !== undefined)("the org Tokens page in Chromium against the real hub", () => {
  let hub: RunningHub;
  const session = new BrowserSession();
  let admin = "";
  let member = "";

  const api = (path: string, token: string, method = "GET", body?: unknown) =>
    fetch(`${hub.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    hub = await startHub({ seed: false });
    admin = await hub.createUser(ADMIN, PASSWORD);
    member = await hub.createUser(MEMBER, PASSWORD);
    expect((await api("/api/organizations/new", admin, "POST", { name: ORG })).status).toBe(200);
    expect(
      (await api(`/api/organizations/${ORG}/members`, admin, "POST", { user: MEMBER, role: "write" })).status,
    ).toBe(200);
    await session.start();
  });
  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });
  afterEach((test) => session.screenshotIfFailed(test, "org-tokens"));

  it("sets the policy and approves a pending fine-grained token", async () => {
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    await signIn(page, ADMIN, PASSWORD);
    await page.goto(`/organizations/${ORG}/settings/tokens`);
    const approval = page.getByRole("radio", { name: /Fine-grained tokens, approved by an admin/ });
    await approval.click();
    await expect
      .poll(
        async () =>
          (
            (await (await api(`/api/organizations/${ORG}/settings/token-policy`, admin)).json()) as {
              policy: string;
            }
          ).policy,
      )
      .toBe("admin_approval");
    await expect.poll(() => approval.isChecked()).toBe(true);
    const created = await api("/api/settings/tokens", member, "POST", {
      displayName: "deploy",
      role: "fineGrained",
      fineGrained: { scoped: [{ entity: { type: "org", name: ORG }, permissions: ["repo.write"] }] },
    });
    const { token } = (await created.json()) as { token: string };
    expect((await api(`/api/organizations/${ORG}/settings/token-policy`, token)).status).toBe(403);
    await page.reload();
    const row = page.locator('[data-testid="org-tokens"] tr', { hasText: "deploy" });
    await row.locator('[data-status="pending"]').waitFor();
    await screenshot(page, "org-tokens-pending");
    await row.getByRole("button", { name: "Approve" }).click();
    await row.locator('[data-status="approved"]').waitFor();
    const repo = await api("/api/repos/create", token, "POST", {
      name: "made",
      organization: ORG,
      type: "model",
    });
    expect(repo.status).toBe(200);
    expect(errors).toEqual([]);
  });
});
