import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, signIn, watchErrors } from "./support/browser.js";
import { commitFiles, createRepo } from "./support/fixtures.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] gated flow skipped: ${skipReason}`);

const OWNER = "gate-owner";
const VISITOR = "gate-visitor";
const PASSWORD = "gate-e2e-password-1";
const REPO = `${OWNER}/licensed-model`;

const README = `---
license: other
library_name: transformers
pipeline_tag: text-classification
extra_gated_prompt: "You agree to use this model for research only."
extra_gated_fields:
  Affiliation: text
  Intended use:
    type: select
    options:
      - Research
      - label: Teaching a course
        value: education
  I accept the licence: checkbox
---
# Licensed model

Access is reviewed by the authors.
`;

describe.skipIf(skipReason !== undefined)("a gated repo in Chromium against the real hub", () => {
  let hub: RunningHub;
  let visitorToken = "";
  const session = new BrowserSession();

  beforeAll(async () => {
    hub = await startHub({ seed: false });
    const ownerToken = await hub.createUser(OWNER, PASSWORD);
    visitorToken = await hub.createUser(VISITOR, PASSWORD);
    await createRepo(hub.url, ownerToken, "model", REPO);
    await commitFiles(hub.url, ownerToken, "model", REPO, [
      { path: "README.md", content: README },
      { path: "config.json", content: '{"model_type": "bert"}' },
    ]);
    const gated = await fetch(`${hub.url}/api/models/${REPO}/settings`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${ownerToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ gated: "manual" }),
    });
    expect(gated.status).toBe(200);
    await session.start();
  });

  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });

  afterEach((test) => session.screenshotIfFailed(test, "gate"));

  async function visit(user?: string): Promise<{ page: Page; errors: string[] }> {
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    if (user) {
      await signIn(page, user, PASSWORD);
    }
    await page.goto(`/${REPO}`);
    await page.getByRole("heading", { name: "Access to this repository is gated" }).waitFor();
    return { page, errors };
  }

  const configStatus = async (token?: string) =>
    (
      await fetch(`${hub.url}/${REPO}/resolve/main/config.json`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      })
    ).status;

  it("asks, waits for the owner, and downloads once accepted", async () => {
    // a visitor who is not signed in is sent to sign in; the files answer 401
    const anonymous = await visit();
    await anonymous.page.getByRole("link", { name: "Sign in to request access" }).waitFor();
    await screenshot(anonymous.page, "gate-01-anonymous");
    expect(await configStatus()).toBe(401);

    // signed in: the card's prompt and fields, then a pending request
    const visitor = await visit(VISITOR);
    await visitor.page.getByText("You agree to use this model for research only.").waitFor();
    await visitor.page.getByLabel("Affiliation").fill("Example University");
    await visitor.page.getByLabel("Intended use").selectOption({ label: "Teaching a course" });
    await visitor.page.getByLabel("I accept the licence").check();
    await screenshot(visitor.page, "gate-02-request-form");
    expect(await configStatus(visitorToken)).toBe(403);
    await visitor.page.getByRole("button", { name: "Request access" }).click();
    await visitor.page
      .getByRole("status")
      .filter({ hasText: /waiting for a decision/ })
      .waitFor();
    await screenshot(visitor.page, "gate-03-pending");
    expect(await configStatus(visitorToken)).toBe(403);

    // the owner sees the request with its answers and accepts it
    const owner = await visit(OWNER);
    const request = owner.page.locator("li", { hasText: VISITOR });
    await request.getByText("Affiliation: Example University").waitFor();
    await request.getByText("Intended use: education").waitFor();
    await screenshot(owner.page, "gate-04-owner-pending");
    await request.getByRole("button", { name: "Accept" }).click();
    await owner.page.getByText("No pending requests.").waitFor();

    // the visitor now has access, in the page and for downloads
    await visitor.page.reload();
    await visitor.page.getByRole("status").filter({ hasText: "Access granted" }).waitFor();
    await screenshot(visitor.page, "gate-05-granted");
    expect(await configStatus(visitorToken)).toBe(200);

    for (const errors of [anonymous.errors, visitor.errors, owner.errors]) expect(errors).toEqual([]);
  });
});
