import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, watchErrors } from "./support/browser.js";
import { createRepo } from "./support/fixtures.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] quick search skipped: ${skipReason}`);

describe.skipIf(skipReason !== undefined)("the header's typeahead (Chromium)", () => {
  let hub: RunningHub;
  const session = new BrowserSession();

  beforeAll(async () => {
    hub = await startHub({ seed: false });
    const token = await hub.createUser("falcon-maker", "falcon-maker-password-1");
    await createRepo(hub.url, token, "model", "falcon-maker/falcon-mini");
    await createRepo(hub.url, token, "dataset", "falcon-maker/falcon-corpus");
    await createRepo(hub.url, token, "space", "falcon-maker/falcon-demo", { sdk: "static" });
    await session.start();
  });
  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });
  afterEach((test) => session.screenshotIfFailed(test, "quick-search"));

  it("suggests models, datasets, spaces and people, keyboard first", async () => {
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    await page.goto("/");
    const box = page.getByRole("combobox", { name: /Search models, datasets/ });
    await box.fill("falcon");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await list.getByRole("option", { name: "falcon-maker/falcon-corpus" }).waitFor();
    expect(await list.innerText()).toMatch(
      /MODELS[\s\S]*falcon-mini[\s\S]*DATASETS[\s\S]*SPACES[\s\S]*PEOPLE[\s\S]*falcon-maker/i,
    );
    await screenshot(page, "quick-search-01-suggestions");
    await box.press("ArrowDown");
    await box.press("ArrowDown");
    expect(await list.getByRole("option", { selected: true }).innerText()).toContain("falcon-corpus");
    await box.press("Enter");
    await page.waitForURL("**/datasets/falcon-maker/falcon-corpus");
    expect(errors).toEqual([]);
  });

  it("Enter without a suggestion searches the section the visitor is in", async () => {
    const page = await session.newPage(hub.url);
    await page.goto("/spaces");
    const box = page.getByRole("combobox", { name: /Search models, datasets/ });
    await box.fill("demo");
    await box.press("Enter");
    await page.waitForURL("**/spaces?search=demo");
  });

  it("several words find a repo whatever their order, in the typeahead and on the listing with its total", async () => {
    const page = await session.newPage(hub.url);
    await page.goto("/");
    const box = page.getByRole("combobox", { name: /Search models, datasets/ });
    await box.fill("mini falcon");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await list.getByRole("option", { name: "falcon-maker/falcon-mini" }).waitFor();
    expect(await list.getByRole("option").allInnerTexts()).not.toContain("falcon-maker/falcon-corpus");
    await page.goto("/models?search=mini%20falcon");
    await page
      .getByRole("link", { name: /falcon-maker\/falcon-mini/ })
      .first()
      .waitFor();
    const heading = page.getByRole("heading", { level: 1 });
    await expect.poll(() => heading.innerText()).toMatch(/1$/);
    await screenshot(page, "quick-search-02-multi-word-listing");
  });
});
