import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, screenshot, watchErrors } from "./support/browser.js";
import { commitFiles, createRepo } from "./support/fixtures.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] repo links skipped: ${skipReason}`);

const LAB = "links-lab";
const MODEL = `${LAB}/Tiny-Encoder`;
const DATASET = `${LAB}/tiny-reviews`;
const SPACE = `${LAB}/encoder-demo`;
const UNUSED = `${LAB}/Unused`;

describe.skipIf(skipReason !== undefined)("links between spaces and the models they use, in Chromium", () => {
  let hub: RunningHub;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let current: Page | undefined;

  beforeAll(async () => {
    hub = await startHub({ seed: false });
    const token = await hub.createUser(LAB, "repo-links-password-1");
    await createRepo(hub.url, token, "model", MODEL);
    await commitFiles(hub.url, token, "model", MODEL, [
      { path: "README.md", content: "---\nlicense: mit\n---\n# Tiny encoder\n" },
    ]);
    await createRepo(hub.url, token, "model", UNUSED);
    await commitFiles(hub.url, token, "model", UNUSED, [{ path: "README.md", content: "# Unused model\n" }]);
    await createRepo(hub.url, token, "dataset", DATASET);
    await createRepo(hub.url, token, "space", SPACE, { sdk: "static" });
    await commitFiles(hub.url, token, "space", SPACE, [
      {
        path: "README.md",
        content: `---\ntitle: Encoder demo\nsdk: static\nmodels:\n- ${MODEL}\ndatasets:\n- ${DATASET}\n---\n# Encoder demo\n`,
      },
      { path: "index.html", content: "<!doctype html><p>demo</p>" },
    ]);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await hub?.stop();
  });

  afterEach(async (test) => {
    if (test.task.result?.state === "fail" && current && !current.isClosed())
      await screenshot(current, `failed-repo-links-${test.task.name.slice(0, 30).replace(/\W+/g, "-")}`);
  });

  it("shows the spaces using a model, and a space's models and datasets, each linking to the other", async () => {
    context = await newContext(browser, hub.url);
    const page = await context.newPage();
    current = page;
    const errors = watchErrors(page);

    await page.goto(`/${MODEL}`);
    const card = page.getByTestId("spaces-using");
    await card.waitFor();
    const hrefs = await card.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual([`/spaces/${SPACE}`]);
    await screenshot(page, "repo-links-00-model");

    await card.getByRole("link", { name: SPACE }).click();
    await page.waitForURL(`**/spaces/${SPACE}`);
    const uses = page.getByTestId("space-uses");
    await uses.waitFor();
    expect(await uses.getByTestId("space-uses-model").innerText()).toBe(MODEL);
    expect(await uses.getByTestId("space-uses-dataset").innerText()).toBe(DATASET);
    expect(await uses.getByRole("link", { name: DATASET }).getAttribute("href")).toBe(`/datasets/${DATASET}`);
    await screenshot(page, "repo-links-01-space");

    await uses.getByRole("link", { name: MODEL }).click();
    await page.waitForURL(`**/${MODEL}`);
    await page.getByTestId("spaces-using").waitFor();

    // a model no space names has no card (the README renders after the info the card reads)
    await page.goto(`/${UNUSED}`);
    await page.getByRole("heading", { name: "Unused model" }).waitFor();
    expect(await page.getByTestId("spaces-using").count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
