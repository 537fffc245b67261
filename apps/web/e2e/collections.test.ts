import type { Collection } from "@modelhub/api-types";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, signIn, watchErrors } from "./support/browser.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] collections flow skipped: ${skipReason}`);

const USER = "curator";
const PASSWORD = "collections-e2e-1";

describe.skipIf(skipReason !== undefined)("collections in Chromium against the real hub", () => {
  let hub: RunningHub;
  let token: string;
  const session = new BrowserSession();

  const createRepo = (name: string, type = "model") =>
    fetch(`${hub.url}/api/repos/create`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name, type }),
    });
  const collections = async () =>
    (await (
      await fetch(`${hub.url}/api/collections?owner=${USER}`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as Collection[];

  beforeAll(async () => {
    hub = await startHub({ seed: false });
    token = await hub.createUser(USER, PASSWORD);
    expect((await createRepo("tiny-bert")).status).toBe(200);
    expect((await createRepo("tiny-squad", "dataset")).status).toBe(200);
    await session.start();
  });

  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });

  afterEach((test) => session.screenshotIfFailed(test, "collections"));

  it("adds repos to a new collection from their pages, reorders, notes, and shows it on the profile", async () => {
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    await signIn(page, USER, PASSWORD);

    // a model page: "Add to collection" → create a new collection with the model in it
    await page.goto(`/${USER}/tiny-bert`);
    await page.getByRole("button", { name: /Add to collection/ }).click();
    await page.locator("#new-collection-title").fill("Reading list");
    await screenshot(page, "collections-01-add-panel-light", false);
    await page.getByRole("button", { name: "Create and add" }).click();
    await page.getByRole("status").getByRole("link", { name: "Reading list" }).waitFor();
    await expect
      .poll(async () => (await collections())[0]?.items.map((item) => item.id))
      .toEqual([`${USER}/tiny-bert`]);

    // a dataset page: the existing collection is offered
    await page.goto(`/datasets/${USER}/tiny-squad`);
    await page.getByRole("button", { name: /Add to collection/ }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /Reading list/ })
      .click();
    await page.getByRole("status").getByRole("link", { name: "Reading list" }).click();

    // the collection page: both items, in order
    await page.waitForURL(/\/collections\/curator\/reading-list-[0-9a-f]{24}$/);
    const items = page.getByTestId("collection-item");
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.nth(0).textContent()).toContain("tiny-bert");

    // move the dataset up, then note it
    await page.getByRole("button", { name: `Move ${USER}/tiny-squad up` }).click();
    await expect.poll(async () => (await items.nth(0).textContent()) ?? "").toContain("tiny-squad");
    await items.nth(0).getByRole("button", { name: "Add note" }).click();
    await page.getByLabel(`Note for ${USER}/tiny-squad`).fill("Questions to try first");
    await page.getByRole("button", { name: "Save note" }).click();
    await page.getByText("Questions to try first").waitFor();

    // rename and theme it
    await page.getByRole("button", { name: "Edit collection" }).click();
    const settings = page.getByRole("form", { name: "Collection settings" });
    await settings.getByLabel("Title").fill("Starter kit");
    await settings.getByLabel("Description").fill("What I try first on a new machine");
    await settings.getByLabel("Theme").selectOption("green");
    await settings.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/collections\/curator\/starter-kit-[0-9a-f]{24}$/);
    await page.getByRole("heading", { name: "Starter kit" }).waitFor();
    await screenshot(page, "collections-02-page-light");

    const [stored] = await collections();
    expect(stored).toMatchObject({ title: "Starter kit", theme: "green" });
    expect(stored.items.map((item) => [item.id, item.note?.text])).toEqual([
      [`${USER}/tiny-squad`, "Questions to try first"],
      [`${USER}/tiny-bert`, undefined],
    ]);

    // the profile lists it
    await page.goto(`/${USER}`);
    await page.getByTestId("owner-collections").getByRole("link", { name: "Starter kit" }).waitFor();
    expect(errors).toEqual([]);
  });

  it("reads well in dark mode and on a phone, and anonymous visitors see no edit controls", async () => {
    const [stored] = await collections();
    const dark = await session.newPage(hub.url, { dark: true });
    await signIn(dark, USER, PASSWORD);
    await dark.goto(`/collections/${stored.slug}`);
    await dark.getByRole("heading", { name: "Starter kit" }).waitFor();
    await screenshot(dark, "collections-03-page-dark");

    const phone = await session.newPage(hub.url, { width: 390, height: 844 });
    const errors = watchErrors(phone);
    await phone.goto(`/collections/${stored.slug}`);
    await phone.getByRole("heading", { name: "Starter kit" }).waitFor();
    expect(await phone.getByRole("button", { name: "Edit collection" }).count()).toBe(0);
    expect(await phone.getByRole("button", { name: "Remove" }).count()).toBe(0);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone, "collections-04-phone-anonymous");
    await phone.goto(`/collections/${USER}/gone-0123456789abcdef01234567`);
    await phone.getByRole("heading", { name: "Sorry, we can't find that collection." }).waitFor();
    expect(errors).toEqual([]);
  });
});
