import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, watchErrors } from "./support/browser.js";
import { commitFiles, createRepo } from "./support/fixtures.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] commit diff skipped: ${skipReason}`);

const OWNER = "diff-owner";
const REPO = `${OWNER}/diff-model`;

describe.skipIf(skipReason !== undefined)("a commit's page shows what it changed (Chromium)", () => {
  let hub: RunningHub;
  const session = new BrowserSession();

  beforeAll(async () => {
    hub = await startHub({ seed: false });
    const token = await hub.createUser(OWNER, "diff-owner-password-1");
    await createRepo(hub.url, token, "model", REPO);
    await commitFiles(hub.url, token, "model", REPO, [
      { path: "README.md", content: "# Diff model\n\nFirst version of the card.\n" },
      { path: "train.py", content: "def train(rate):\n    return rate * 2\n" },
    ]);
    await commitFiles(
      hub.url,
      token,
      "model",
      REPO,
      [
        { path: "README.md", content: "# Diff model\n\nSecond version of the card.\n" },
        { path: "train.py", content: "def train(rate, epochs=3):\n    return rate * epochs\n" },
      ],
      "Tune the training script",
    );
    await session.start();
  });
  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });
  afterEach((test) => session.screenshotIfFailed(test, "commit-diff"));

  it("goes from the history to the commit and shows highlighted, collapsible diffs", async () => {
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    await page.goto(`/${REPO}/commits/main`);
    await page.getByRole("link", { name: "Tune the training script" }).click();
    await page.waitForURL(new RegExp(`/${REPO}/commit/[0-9a-f]{40}$`));
    const commitPage = page.locator('[data-testid="commit-page"]');
    await commitPage.waitFor();
    expect(await commitPage.innerText()).toContain("2 files changed");
    const script = page
      .getByRole("region", { name: "Changes to train.py" })
      .or(page.locator('pre[aria-label="Changes to train.py"]'));
    await script.waitFor();
    expect(await script.locator(".diff-add").count()).toBe(2);
    expect(await script.locator(".diff-del").count()).toBe(2);
    await script.locator(".hljs-keyword").first().waitFor();
    expect(await page.locator(".diff-del", { hasText: "First version of the card." }).count()).toBe(1);
    await screenshot(page, "commit-diff-01");

    // collapsing a file hides its patch
    await page.locator("summary", { hasText: "train.py" }).click();
    expect(await script.isVisible()).toBe(false);

    // the parent link leads to the first commit, whose files are all added
    await page.locator(".commit-ids a.commit-sha").click();
    await page.locator(".diff-status-added").first().waitFor();
    expect(await page.locator(".diff-status-added").count()).toBeGreaterThanOrEqual(2);
    const status = await page.request.get(new URL(page.url()).pathname);
    expect(status.status()).toBe(200);
    expect(errors).toEqual([]);
  });
});
