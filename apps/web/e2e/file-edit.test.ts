import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot as fullScreenshot, signIn, watchErrors } from "./support/browser.js";
import { commitFiles, createRepo } from "./support/fixtures.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] file editing skipped: ${skipReason}`);

const OWNER = "edit-owner";
const PASSWORD = "edit-owner-password-1";
const OTHER = "edit-visitor";
const OTHER_PASSWORD = "edit-visitor-password-1";
const REPO = `${OWNER}/card-demo`;

/** Full-page screenshots from the top, so the sticky header is not painted mid-page. */
async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullScreenshot(page, name, fullPage);
}

const BAD_CARD = "---\nlicense: mit\ntags: [chat\n---\n# Card demo\n\nA model card written in the browser.\n";
const BAD_LICENSE_CARD =
  "---\nlicense: MIT License\ntags: [chat]\n---\n# Card demo\n\nA model card written in the browser.\n";
const GOOD_CARD =
  "---\nlicense: mit\ntags: [chat]\n---\n# Card demo\n\nA model card written in the browser.\n";
/** The card after a visitor's pull request is merged. */
const VISITOR_CARD = GOOD_CARD.replace(
  "written in the browser.",
  "written in the browser, improved by a visitor.",
);

describe.skipIf(skipReason !== undefined)(
  "files in the browser: create, edit, delete, pull requests (Chromium)",
  () => {
    let hub: RunningHub;
    let token = "";
    const session = new BrowserSession();

    const api = async <T>(path: string): Promise<T> => {
      const res = await fetch(`${hub.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status, `${path}: ${res.status}`).toBe(200);
      return (await res.json()) as T;
    };
    const fileAt = async (rev: string, path: string) => {
      const res = await fetch(`${hub.url}/${REPO}/resolve/${encodeURIComponent(rev)}/${path}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return res.ok ? await res.text() : `HTTP ${res.status}`;
    };
    const paths = async (rev = "main") =>
      (await api<{ path: string }[]>(`/api/models/${REPO}/tree/${rev}?recursive=true`)).map((e) => e.path);
    const editor = (page: Page, path: string) => page.getByRole("textbox", { name: `Contents of ${path}` });

    beforeAll(async () => {
      hub = await startHub({ seed: false });
      token = await hub.createUser(OWNER, PASSWORD);
      await hub.createUser(OTHER, OTHER_PASSWORD);
      await session.start();
    });
    afterAll(async () => {
      await session.close();
      await hub?.stop();
    });
    afterEach((test) => session.screenshotIfFailed(test, "file-edit"));

    it("guides an empty repo, writes the model card with live YAML checks and lands on the file and its diff", async () => {
      const page = await session.newPage(hub.url);
      const errors = watchErrors(page);
      await signIn(page, OWNER, PASSWORD);
      await page.goto("/new");
      await page.locator("#new-repo-name").fill("card-demo");
      await page.getByRole("button", { name: "Create model" }).click();
      await page.waitForURL(`**/${REPO}`);

      const guide = page.getByRole("region", { name: "Empty repository" });
      await guide.getByRole("heading", { name: "This repository is empty" }).waitFor();
      const text = await guide.innerText();
      expect(text).toContain(`git clone ${hub.url}/${REPO}`);
      expect(text).toContain(`HF_ENDPOINT=${hub.url} hf upload ${REPO} .`);
      expect(await guide.getByRole("link", { name: "Upload files" }).getAttribute("href")).toBe(
        `/${REPO}/upload`,
      );
      const copyButtons = guide.getByRole("button", { name: "Copy" });
      expect(await copyButtons.count()).toBe(2);
      await copyButtons.nth(1).click();
      await guide.getByRole("button", { name: "Copied!" }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
        `HF_ENDPOINT=${hub.url} hf upload ${REPO} .`,
      );
      await screenshot(page, "file-edit-01-empty-repo");

      // the Files tab shows the same guide
      await page.goto(`/${REPO}/tree/main`);
      await page.getByRole("region", { name: "Empty repository" }).waitFor();

      await page.goto(`/${REPO}`);
      await page.getByRole("link", { name: "Create model card" }).click();
      await page.waitForURL(`**/${REPO}/new/main?card=1`);
      expect(await page.getByLabel("File path").inputValue()).toBe("README.md");
      const area = editor(page, "README.md");
      expect(await area.inputValue()).toContain("license: apache-2.0");

      // broken YAML: the error (line, column) shows before any commit, and committing is disabled
      await area.fill(BAD_CARD);
      const problems = page.getByTestId("yaml-problems");
      await problems.waitFor();
      expect(await problems.innerText()).toMatch(/Line 3, column \d+/);
      const commit = page.getByRole("button", { name: "Commit changes to main" });
      expect(await commit.isDisabled()).toBe(true);
      expect(await page.getByTestId("commit-blocked").innerText()).toContain("Fix the metadata errors");
      await screenshot(page, "file-edit-02-yaml-error");

      // a field in the wrong shape is caught too
      await area.fill(BAD_LICENSE_CARD);
      await page.getByText(/is not a license id/).waitFor();
      expect(await problems.innerText()).toContain("Line 2, column 10");
      expect(await commit.isDisabled()).toBe(true);

      await area.fill(GOOD_CARD);
      await page.getByTestId("yaml-ok").waitFor();
      expect(await page.getByTestId("yaml-ok").innerText()).toContain("license mit");
      expect(await commit.isDisabled()).toBe(false);

      await page.getByRole("button", { name: "Preview" }).click();
      await page.getByTestId("card-preview").getByRole("heading", { name: "Card demo" }).waitFor();
      await screenshot(page, "file-edit-03-preview");
      await page.getByRole("button", { name: "Edit", exact: true }).click();
      expect(await editor(page, "README.md").inputValue()).toBe(GOOD_CARD);

      await page.getByLabel("Commit message").fill("Add the model card");
      await commit.click();
      await page.waitForURL(`**/${REPO}/blob/main/README.md`);
      const done = page.getByTestId("commit-done");
      await done.waitFor();
      expect(await done.innerText()).toContain("Add the model card");
      await page.getByRole("heading", { name: "Card demo" }).waitFor();
      expect(await fileAt("main", "README.md")).toBe(GOOD_CARD);

      await done.getByRole("link", { name: "See the changes" }).click();
      await page.waitForURL(new RegExp(`/${REPO}/commit/[0-9a-f]{40}$`));
      await page.getByText("Add the model card").first().waitFor();
      await page.getByText("README.md").first().waitFor();
      await screenshot(page, "file-edit-04-commit-diff");

      await page.goto(`/${REPO}`);
      await page.getByText("A model card written in the browser.").waitFor();
      expect(errors).toEqual([]);
    });

    it("creates files, deletes one file and then a whole folder in one commit", async () => {
      const page = await session.newPage(hub.url);
      const errors = watchErrors(page);
      await signIn(page, OWNER, PASSWORD);
      for (const [path, body] of [
        ["notes/todo.md", "# To do\n\n- write the card\n"],
        ["notes/extra.txt", "scratch\n"],
      ]) {
        await page.goto(`/${REPO}/tree/main`);
        await page.getByText("Add file").click();
        await page.getByRole("menuitem", { name: "Create new file" }).click();
        await page.waitForURL(`**/${REPO}/new/main`);
        await page.getByLabel("File path").fill(path);
        await editor(page, path).fill(body);
        await page.getByRole("button", { name: "Commit changes to main" }).click();
        await page.waitForURL(`**/${REPO}/blob/main/${path}`);
        await page.getByTestId("commit-done").waitFor();
        expect(await fileAt("main", path)).toBe(body);
      }
      expect(await paths()).toEqual(expect.arrayContaining(["notes/todo.md", "notes/extra.txt"]));

      // delete one file from its page
      await page.getByRole("button", { name: "Delete", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Delete file" });
      await dialog.waitFor();
      expect(await dialog.getByLabel("Commit message").getAttribute("placeholder")).toBe(
        "Delete notes/extra.txt",
      );
      await screenshot(page, "file-edit-05-delete-file", false);
      await dialog.getByRole("button", { name: "Commit changes to main" }).click();
      await page.waitForURL(`**/${REPO}/tree/main/notes`);
      await page.getByTestId("commit-done").waitFor();
      await page.getByRole("link", { name: "todo.md" }).first().waitFor();
      expect(await paths()).not.toContain("notes/extra.txt");

      // delete the folder with everything in it
      await page.getByRole("button", { name: "Delete folder" }).click();
      const folderDialog = page.getByRole("dialog", { name: "Delete folder" });
      await folderDialog.getByText("every file in it").waitFor();
      await folderDialog.getByRole("button", { name: "Commit changes to main" }).click();
      await page.waitForURL(new RegExp(`/${REPO}/tree/main$`));
      await page.getByTestId("commit-done").waitFor();
      const left = await paths();
      expect(left.filter((p) => p.startsWith("notes"))).toEqual([]);
      expect(left).toContain("README.md");
      const commits = await api<{ title: string }[]>(`/api/models/${REPO}/commits/main`);
      expect(commits[0].title).toBe("Delete notes");
      expect(errors).toEqual([]);
    });

    it("a visitor who cannot write edits the card through a pull request; main stays as it was", async () => {
      const page = await session.newPage(hub.url);
      const errors = watchErrors(page);
      await signIn(page, OTHER, OTHER_PASSWORD);
      await page.goto(`/${REPO}/blob/main/README.md`);
      await page.getByRole("link", { name: "Edit", exact: true }).click();
      await page.waitForURL(`**/${REPO}/edit/main/README.md`);
      await page.getByTestId("pull-request-note").waitFor();
      expect(await page.getByTestId("pull-request-note").innerText()).toContain(
        `You cannot write to ${REPO}`,
      );
      const area = editor(page, "README.md");
      expect(await area.inputValue()).toBe(GOOD_CARD);
      const proposed = VISITOR_CARD;
      await area.fill(proposed);
      await page.getByLabel("Commit message").fill("Improve the card");
      await screenshot(page, "file-edit-06-pull-request-form");
      await page.getByRole("button", { name: "Open a pull request" }).click();
      await page.waitForURL(new RegExp(`/${REPO}/discussions/\\d+$`));
      const num = Number(/discussions\/(\d+)$/.exec(page.url())?.[1]);
      await page.getByText("Improve the card").first().waitFor();

      const refs = await api<{ pullRequests: { ref: string }[] }>(`/api/models/${REPO}/refs?include_prs=1`);
      expect(refs.pullRequests.map((r) => r.ref)).toContain(`refs/pr/${num}`);
      expect(await fileAt(`refs/pr/${num}`, "README.md")).toBe(proposed);
      expect(await fileAt("main", "README.md")).toBe(GOOD_CARD);
      await screenshot(page, "file-edit-07-pull-request-page");
      expect(errors).toEqual([]);

      // the owner reviews the diff, merges, and the model card shows the visitor's words
      const owner = await session.newPage(hub.url);
      const ownerErrors = watchErrors(owner);
      await signIn(owner, OWNER, PASSWORD);
      await owner.goto(`/${REPO}/discussions/${num}/files`);
      await owner.getByText("improved by a visitor").first().waitFor();
      await owner.goto(`/${REPO}/discussions/${num}`);
      await owner.getByRole("button", { name: "Merge pull request" }).click();
      await owner.getByTestId("timeline-event").filter({ hasText: "merged this pull request" }).waitFor();
      expect(await fileAt("main", "README.md")).toBe(VISITOR_CARD);
      await owner.goto(`/${REPO}`);
      await owner.getByText("A model card written in the browser, improved by a visitor.").waitFor();
      expect(ownerErrors).toEqual([]);
    });

    it("says the file changed since it was opened when main moved (412) and keeps the typed text", async () => {
      const page = await session.newPage(hub.url);
      await signIn(page, OWNER, PASSWORD);
      await page.goto(`/${REPO}/edit/main/README.md`);
      const area = editor(page, "README.md");
      expect(await area.inputValue()).toBe(VISITOR_CARD);
      const mine = `${VISITOR_CARD}\n## My section\n\nTyped in the browser.\n`;
      await area.fill(mine);

      const theirs = `${VISITOR_CARD}\n## Their section\n`;
      await commitFiles(
        hub.url,
        token,
        "model",
        REPO,
        [{ path: "README.md", content: theirs }],
        "Concurrent edit",
      );
      await page.getByRole("button", { name: "Commit changes to main" }).click();
      const alert = page.getByTestId("commit-error");
      await alert.waitFor();
      expect(await alert.innerText()).toContain("The file changed since you opened it");
      expect(
        await alert.getByRole("link", { name: "Open the latest version in a new tab" }).getAttribute("href"),
      ).toBe(`/${REPO}/blob/main/README.md`);
      expect(await area.inputValue()).toBe(mine);
      expect(page.url()).toContain(`/${REPO}/edit/main/README.md`);
      expect(await fileAt("main", "README.md")).toBe(theirs);
      await screenshot(page, "file-edit-08-conflict");
    });

    it("looks right in dark mode and at phone width", async () => {
      await createRepo(hub.url, token, "model", `${OWNER}/still-empty`);
      const dark = await session.newPage(hub.url, { dark: true });
      await signIn(dark, OWNER, PASSWORD);
      await dark.goto(`/${OWNER}/still-empty`);
      await dark.getByRole("region", { name: "Empty repository" }).waitFor();
      await screenshot(dark, "file-edit-09-empty-repo-dark");

      // datasets and spaces get the same start, with their own URLs and repo type
      await createRepo(hub.url, token, "dataset", `${OWNER}/empty-data`);
      await dark.goto(`/datasets/${OWNER}/empty-data`);
      const dataGuide = dark.getByRole("region", { name: "Empty repository" });
      await dataGuide.getByRole("link", { name: "Create dataset card" }).waitFor();
      expect(await dataGuide.innerText()).toContain(`git clone ${hub.url}/datasets/${OWNER}/empty-data`);
      expect(await dataGuide.innerText()).toContain(`hf upload ${OWNER}/empty-data . --repo-type dataset`);
      // a new Space starts with the Hub's files (a README with its sdk front matter), so it is never empty
      await createRepo(hub.url, token, "space", `${OWNER}/new-space`, { sdk: "static" });
      const spaceFiles = await api<{ path: string }[]>(`/api/spaces/${OWNER}/new-space/tree/main`);
      expect(spaceFiles.map((e) => e.path)).toContain("README.md");
      await dark.goto(`/${REPO}/edit/main/README.md`);
      await editor(dark, "README.md").fill(BAD_CARD);
      await dark.getByTestId("yaml-problems").waitFor();
      await screenshot(dark, "file-edit-10-yaml-error-dark");

      const phone = await session.newPage(hub.url);
      await signIn(phone, OWNER, PASSWORD);
      await phone.setViewportSize({ width: 390, height: 844 });
      await phone.goto(`/${REPO}/edit/main/README.md`);
      await editor(phone, "README.md").fill(BAD_LICENSE_CARD);
      await phone.getByTestId("yaml-problems").waitFor();
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await screenshot(phone, "file-edit-11-phone");
      // leaving with unsaved text asks first
      const asked: string[] = [];
      phone.once("dialog", (dialog) => {
        asked.push(dialog.type());
        void dialog.accept();
      });
      await phone.goto(`/${REPO}/blob/main/README.md`);
      expect(asked).toEqual(["beforeunload"]);
      await phone.getByRole("link", { name: "Edit", exact: true }).waitFor();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(phone, "file-edit-13-file-actions-phone");
      await phone.goto(`/${REPO}/tree/main`);
      await phone.getByText("Add file").click();
      const item = phone.getByRole("menuitem", { name: "Create new file" });
      await item.waitFor();
      const box = await item.boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
      await screenshot(phone, "file-edit-14-add-file-phone", false);
      await phone.goto(`/${OWNER}/still-empty`);
      await phone.getByRole("region", { name: "Empty repository" }).waitFor();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(phone, "file-edit-12-empty-repo-phone");
    });
  },
);
