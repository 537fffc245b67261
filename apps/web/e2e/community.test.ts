import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, signIn, watchErrors } from "./support/browser.js";
import { commitFiles, createRepo } from "./support/fixtures.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] community skipped: ${skipReason}`);

const OWNER = "card-owner";
const OWNER_PASSWORD = "card-owner-password-1";
const HELPER = "card-helper";
const HELPER_PASSWORD = "card-helper-password-1";
const REPO = `${OWNER}/pr-model`;
const README = "# PR model\n\nThe card says hello wrold.\n\nLast line.\n";
const FIXED = "# PR model\n\nThe card says hello world.\n\nLast line.\n";
const RIVAL = "# PR model\n\nThe card says goodbye.\n\nLast line.\n";
const HOSTILE = [
  // a leading rule-fenced block is not YAML front matter in a comment: it stays visible
  "---",
  "Text after a rule stays visible.",
  "---",
  "",
  "Look at this **bold** claim:",
  "",
  '<img src=x onerror="window.__pwned = 1">',
  "",
  "<script>window.__pwned = 2</script>",
  "",
  "[click](javascript:window.__pwned=3)",
  "",
  "```python",
  "def hello():",
  '    return "world"',
  "```",
].join("\n");

/** `POST …/commit/main?create_pr=1` with one README edit, as `upload_file(…, create_pr=True)` sends it. */
async function openReadmePr(
  hubUrl: string,
  token: string,
  content: string,
  summary: string,
): Promise<number> {
  const body = [
    JSON.stringify({ key: "header", value: { summary, description: "Fixes the card." } }),
    JSON.stringify({
      key: "file",
      value: { path: "README.md", content: Buffer.from(content).toString("base64"), encoding: "base64" },
    }),
  ].join("\n");
  const response = await fetch(`${hubUrl}/api/models/${REPO}/commit/main?create_pr=1`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" },
    body: `${body}\n`,
  });
  if (!response.ok) throw new Error(`create_pr: ${response.status} ${await response.text()}`);
  const json = (await response.json()) as { pullRequestUrl: string };
  return Number(json.pullRequestUrl.split("/").pop());
}

async function chipCount(page: Page, group: string, label: string): Promise<string> {
  const chip = page
    .getByRole("group", { name: group })
    .getByRole("button", { name: new RegExp(`^${label}`) });
  await chip.locator(".count").filter({ hasText: /^\d+$/ }).waitFor();
  return chip.locator(".count").innerText();
}

describe.skipIf(skipReason !== undefined)(
  "discussions and pull requests in the Community tab (Chromium)",
  () => {
    let hub: RunningHub;
    let ownerToken = "";
    let helperToken = "";
    let fixPr = 0;
    let rivalPr = 0;
    const session = new BrowserSession();

    beforeAll(async () => {
      hub = await startHub({ seed: false });
      ownerToken = await hub.createUser(OWNER, OWNER_PASSWORD);
      helperToken = await hub.createUser(HELPER, HELPER_PASSWORD);
      await createRepo(hub.url, ownerToken, "model", REPO);
      await commitFiles(hub.url, ownerToken, "model", REPO, [{ path: "README.md", content: README }]);
      await createRepo(hub.url, ownerToken, "dataset", `${OWNER}/pr-data`);
      await createRepo(hub.url, ownerToken, "space", `${OWNER}/pr-space`, { space_sdk: "static" });
      // the helper cannot write to the repo: both pull requests go through create_pr=1
      fixPr = await openReadmePr(hub.url, helperToken, FIXED, "Fix a typo in the card");
      rivalPr = await openReadmePr(hub.url, helperToken, RIVAL, "Rewrite the greeting");
      await session.start();
    });
    afterAll(async () => {
      await session.close();
      await hub?.stop();
    });
    afterEach((test) => session.screenshotIfFailed(test, "community"));

    it("lets a visitor read the list, and asks them to sign in before writing", async () => {
      const page = await session.newPage(hub.url);
      const errors = watchErrors(page);
      await page.goto(`/${REPO}`);
      const tabs = page.getByRole("navigation", { name: "Repository sections" });
      await tabs.getByTestId("open-discussions").filter({ hasText: "2" }).waitFor();
      await tabs.getByRole("link", { name: /Community/ }).click();
      await page.waitForURL(`**/${REPO}/discussions`);
      expect((await page.request.get(`/${REPO}/discussions`)).status()).toBe(200);
      await page.getByTestId("discussion-row").nth(1).waitFor();
      expect(await chipCount(page, "Kind", "Pull requests")).toBe("2");
      expect(await chipCount(page, "Kind", "Discussions")).toBe("0");
      expect(await chipCount(page, "Status", "Closed")).toBe("0");

      await page.goto(`/${REPO}/discussions/new`);
      await page.getByText("Sign in to start a discussion").waitFor();
      await page.goto(`/${REPO}/discussions/${fixPr}`);
      await page.getByTestId("comment-signin").waitFor();
      expect(await page.getByRole("button", { name: "Merge pull request" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Comment" }).count()).toBe(0);
      expect(errors).toEqual([]);
    });

    it("shows the Community tab on datasets and spaces too", async () => {
      const page = await session.newPage(hub.url);
      for (const prefix of ["/datasets", "/spaces"]) {
        const id = `${OWNER}/${prefix === "/datasets" ? "pr-data" : "pr-space"}`;
        await page.goto(`${prefix}/${id}/discussions`);
        await page.getByText("No open discussions").waitFor();
        expect((await page.request.get(`${prefix}/${id}/discussions`)).status()).toBe(200);
        const tab = page.getByRole("navigation", { name: "Repository sections" }).getByRole("link", {
          name: /Community/,
        });
        expect(await tab.getAttribute("aria-current")).toBe("page");
      }
    });

    it("the helper comments on a pull request and opens a discussion whose HTML stays inert", async () => {
      const page = await session.newPage(hub.url);
      const errors = watchErrors(page);
      page.on("dialog", (dialog) => {
        errors.push(`dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      await signIn(page, HELPER, HELPER_PASSWORD);
      await page.goto(`/${REPO}/discussions?type=pull_request`);
      await page.getByRole("link", { name: "Fix a typo in the card" }).click();
      await page.waitForURL(`**/${REPO}/discussions/${fixPr}`);
      expect(await page.getByTestId("discussion-title").innerText()).toContain("Fix a typo in the card");
      // the PR's description and its commit are in the timeline; a non-writer gets no Merge button
      await page.getByText("Fixes the card.").waitFor();
      await page.getByTestId("timeline-event").filter({ hasText: "pushed" }).waitFor();
      await page.getByText("Only the repository's writers can merge this pull request.").waitFor();
      expect(await page.getByRole("button", { name: "Merge pull request" }).count()).toBe(0);

      await page.getByLabel("Comment", { exact: true }).fill("Fixed `wrold` → `world`, see the **diff**.");
      await page.getByRole("button", { name: "Comment", exact: true }).click();
      // the PR's description is the first comment, the helper's reply the second
      const comment = page.getByTestId("comment").nth(1);
      await comment.locator("strong", { hasText: "diff" }).waitFor();
      // an empty edit is refused by the hub and the message shows in place
      await comment.getByRole("button", { name: "Edit" }).click();
      await comment.getByLabel("Edit comment").fill("   ");
      await comment.getByRole("button", { name: "Save" }).click();
      await comment.getByRole("alert").waitFor();
      expect(await comment.getByRole("alert").innerText()).toMatch(/must not be empty/);
      await comment.getByLabel("Edit comment").fill("Fixed `wrold` → `world`, see the **diff** (edited).");
      await comment.getByRole("button", { name: "Save" }).click();
      await page.getByTestId("comment").filter({ hasText: "(edited)" }).getByText("· edited").waitFor();

      // a new discussion through the form, with HTML and a javascript: link in its markdown
      await page.goto(`/${REPO}/discussions`);
      await page.getByRole("link", { name: "New discussion" }).click();
      await page.getByLabel("Title").fill("Is <b>this</b> safe?");
      await page.getByLabel("Description").fill(HOSTILE);
      await page.getByRole("button", { name: "Preview" }).click();
      await page.getByTestId("markdown-preview").locator(".hljs-keyword").first().waitFor();
      await page.getByRole("button", { name: "Write" }).click();
      await screenshot(page, "community-00-new-discussion");
      await page.getByRole("button", { name: "Create discussion" }).click();
      await page.waitForURL(/\/discussions\/\d+$/);
      const body = page.getByTestId("comment").first();
      await body.locator("strong", { hasText: "bold" }).waitFor();
      await body.locator(".hljs-keyword").first().waitFor();
      await body.getByText("Text after a rule stays visible.").waitFor();
      expect(await page.getByTestId("discussion-title").innerText()).toContain("Is <b>this</b> safe?");
      expect(await body.locator("img").count()).toBe(0);
      expect(await body.locator("script").count()).toBe(0);
      expect(await page.locator("[onerror]").count()).toBe(0);
      expect(await body.locator('a[href^="javascript:"]').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      await screenshot(page, "community-01-hostile-markdown");
      expect(errors).toEqual([]);
    });

    it("the owner reviews the diff, merges, and the card changes; a conflicting PR is refused in place", async () => {
      const page = await session.newPage(hub.url);
      const errors = watchErrors(page);
      await signIn(page, OWNER, OWNER_PASSWORD);
      await page.goto(`/${REPO}/discussions?status=all`);
      await page.getByTestId("discussion-row").nth(2).waitFor();
      await screenshot(page, "community-02-list");
      await page.getByRole("link", { name: "Fix a typo in the card" }).click();
      await page.getByRole("link", { name: "Files changed" }).click();
      await page.waitForURL(`**/${REPO}/discussions/${fixPr}/files`);
      const files = page.getByTestId("pr-files");
      await files.getByText("1 file changed").waitFor();
      await files.getByTestId("pr-commits").getByText("Fix a typo in the card").waitFor();
      await files.locator(".diff-del", { hasText: "The card says hello wrold." }).waitFor();
      await files.locator(".diff-add", { hasText: "The card says hello world." }).waitFor();
      await screenshot(page, "community-03-files-changed");
      // the PR's files are browsable at refs/pr/N
      await files.getByRole("link", { name: `Browse files at refs/pr/${fixPr}` }).click();
      await page.waitForURL(`**/${REPO}/tree/refs%2Fpr%2F${fixPr}`);
      await page.getByRole("link", { name: "README.md" }).first().waitFor();
      await page.goBack();

      // the owner hides nothing here but may rename and merge
      await page.getByRole("link", { name: "Conversation" }).click();
      await page.getByRole("button", { name: "Rename" }).click();
      await page.getByLabel("Title").fill("Fix a typo in the greeting");
      await page.getByRole("button", { name: "Save title" }).click();
      await page.getByTestId("timeline-event").filter({ hasText: "changed the title" }).waitFor();
      expect(await page.getByTestId("discussion-title").innerText()).toContain("Fix a typo in the greeting");
      await screenshot(page, "community-04-conversation");

      await page.getByRole("button", { name: "Merge pull request" }).click();
      await page.getByTestId("timeline-event").filter({ hasText: "merged this pull request" }).waitFor();
      await page.locator(".community-head .community-status-merged").waitFor();
      expect(await page.getByRole("button", { name: "Merge pull request" }).count()).toBe(0);

      await page.goto(`/${REPO}`);
      await page
        .getByRole("article", { name: "Model card" })
        .getByText("The card says hello world.")
        .waitFor();

      // the rival PR edited the same line: the page lists the conflict, and Merge answers 409 in place
      await page.goto(`/${REPO}/discussions/${rivalPr}`);
      await page.getByTestId("conflicts").getByText("README.md").waitFor();
      await page.getByRole("button", { name: "Merge pull request" }).click();
      const refusal = page.getByRole("region", { name: "Merge" }).getByRole("alert");
      await refusal.waitFor();
      expect(await refusal.innerText()).toMatch(/conflicts with main in README\.md/);
      await screenshot(page, "community-05-conflict");

      // writers hide comments; the author and writers close and reopen
      await page.goto(`/${REPO}/discussions/${fixPr}`);
      const helperComment = page.getByTestId("comment").filter({ hasText: "(edited)" });
      await helperComment.getByRole("button", { name: "Hide" }).click();
      await helperComment.getByRole("button", { name: "Hide for good" }).click();
      await page.getByText(`This comment has been hidden by ${OWNER}.`).waitFor();
      await page.goto(`/${REPO}/discussions/${rivalPr}`);
      await page.getByLabel("Comment", { exact: true }).fill("Superseded by the typo fix.");
      await page.getByRole("button", { name: "Close with comment" }).click();
      await page.getByTestId("timeline-event").filter({ hasText: "closed this" }).waitFor();
      await page.locator(".community-head .community-status-closed").waitFor();
      await page.getByRole("button", { name: "Reopen pull request" }).waitFor();

      await page.goto(`/${REPO}/discussions`);
      expect(await chipCount(page, "Status", "Open")).toBe("1");
      expect(await chipCount(page, "Status", "Closed")).toBe("2");
      expect(errors).toEqual([]);
    });

    it("reads well in dark mode and at phone width", async () => {
      const dark = await session.newPage(hub.url, { dark: true });
      await signIn(dark, OWNER, OWNER_PASSWORD);
      await dark.goto(`/${REPO}/discussions/${fixPr}/files`);
      await dark.locator(".diff-add").first().waitFor();
      await screenshot(dark, "community-06-files-dark");
      await dark.goto(`/${REPO}/discussions/${rivalPr}`);
      await dark.getByTestId("comment").first().waitFor();
      await screenshot(dark, "community-07-conversation-dark");
      // an empty pull request from the form: its files tab says how to push to it
      await dark.goto(`/${REPO}/discussions/new`);
      await dark.getByLabel("Pull request").check();
      await dark.getByLabel("Title").fill("Add a quantized variant");
      await dark.getByRole("button", { name: "Open pull request" }).click();
      await dark.waitForURL(/\/discussions\/\d+$/);
      await dark.getByRole("link", { name: "Files changed" }).click();
      await dark.getByText("No changes yet").waitFor();
      expect(await dark.getByTestId("pr-files").innerText()).toMatch(/git push origin HEAD:refs\/pr\/\d+/);

      const phone = await session.newPage(hub.url, { width: 390, height: 844 });
      const errors = watchErrors(phone);
      await phone.goto(`/${REPO}/discussions?status=all`);
      await phone.getByTestId("discussion-row").nth(2).waitFor();
      await screenshot(phone, "community-08-list-phone");
      await phone.goto(`/${REPO}/discussions/${fixPr}`);
      await phone.getByTestId("comment").first().waitFor();
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // with Community added, every repo tab still fits (they wrap instead of scrolling away)
      const tabsFit = await phone
        .locator(".repo-header .tabs")
        .evaluate((el) => el.scrollWidth <= el.clientWidth);
      expect(tabsFit).toBe(true);
      await screenshot(phone, "community-09-conversation-phone");
      expect(errors).toEqual([]);
    });
  },
);
