import { deflateSync, crc32 } from "node:zlib";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, watchErrors } from "./support/browser.js";
import { commitFiles, createRepo } from "./support/fixtures.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] dataset viewer skipped: ${skipReason}`);

const USER = "viewer-user";
const PASSWORD = "viewer-password-1";
const DATASET = `${USER}/phone-reviews`;
const WORDS = ["battery", "screen", "camera", "speaker", "price"];
const LABELS = ["positive", "negative", "neutral"];

interface Review {
  text: string;
  label: string;
  stars: number;
}

/** 250 train rows (three pages) and 30 test rows, made here so the expected answers are known. */
function reviews(count: number, seed: number): Review[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + seed;
    return {
      text: `The ${WORDS[n % 5]} is ${n % 7 === 0 ? "great" : "fine"} (review ${n})`,
      label: LABELS[(n * 7) % 3],
      stars: (n % 5) + 1,
    };
  });
}
const TRAIN = reviews(250, 0);
const TEST = reviews(30, 1000);
const csv = (rows: Review[]) =>
  `text,label,stars\n${rows.map((r) => `"${r.text}",${r.label},${r.stars}`).join("\n")}\n`;

const README = `---
license: mit
task_categories:
- text-classification
---
# Phone reviews

Short reviews with a sentiment label and a star rating (the dataset viewer's browser test).
`;

/** A dataset whose test split cannot be read (a JSON line that does not parse). */
const BROKEN = `${USER}/broken-lines`;
/** An image folder, one folder per label. */
const PICTURES = `${USER}/tiny-pictures`;

/** Waits until the conversion of `dataset` has settled with `count` splits listed or failed. */
async function waitForConversion(hubUrl: string, dataset: string, count: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${hubUrl}/datasets-server/splits?dataset=${dataset}`);
    if (response.ok) {
      const body = (await response.json()) as { splits: unknown[]; pending: unknown[]; failed: unknown[] };
      if (body.splits.length + body.failed.length >= count && body.pending.length === 0) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${dataset} was not converted within 60 s`);
}

/** A width×height PNG of one colour. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set(rgb, y * (1 + width * 3) + 1 + x * 3);
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A loaded hub on two shared cores can take seconds per request: poll generously. */
const POLL_MS = 20_000;

async function expectRange(page: Page, text: string): Promise<void> {
  await expect
    .poll(async () => (await page.getByTestId("viewer-range").textContent()) ?? "", { timeout: POLL_MS })
    .toBe(text);
}

async function columnValues(page: Page, column: number): Promise<string[]> {
  // column 0 is the row number; data columns follow in the features' order
  return page.locator(`[data-testid="viewer-table"] tbody tr td:nth-of-type(${column})`).allTextContents();
}

describe.skipIf(skipReason !== undefined)("the dataset viewer in Chromium", () => {
  let hub: RunningHub;
  const session = new BrowserSession();

  beforeAll(async () => {
    hub = await startHub({ seed: false });
    const token = await hub.createUser(USER, PASSWORD);
    await createRepo(hub.url, token, "dataset", DATASET);
    await commitFiles(hub.url, token, "dataset", DATASET, [
      { path: "README.md", content: README },
      { path: "data/train.csv", content: csv(TRAIN) },
      { path: "data/test.csv", content: csv(TEST) },
    ]);
    await createRepo(hub.url, token, "dataset", BROKEN);
    await commitFiles(hub.url, token, "dataset", BROKEN, [
      { path: "data/train.csv", content: "text,label\nok,1\nfine,2\n" },
      { path: "data/test.jsonl", content: '{"text": "a", "label": 1}\n{"text": oops\n' },
    ]);
    await createRepo(hub.url, token, "dataset", PICTURES);
    await commitFiles(hub.url, token, "dataset", PICTURES, [
      { path: "train/cat/a.png", content: png(32, 24, [230, 80, 60]) },
      { path: "train/dog/b.png", content: png(40, 24, [40, 90, 200]) },
    ]);
    await waitForConversion(hub.url, DATASET, 2);
    await waitForConversion(hub.url, BROKEN, 1);
    await waitForConversion(hub.url, PICTURES, 1);
    await session.start();
  });

  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });

  afterEach((test) => session.screenshotIfFailed(test, "dataset-viewer"));

  async function open(query = "", options: Parameters<BrowserSession["newPage"]>[1] = {}) {
    const page = await session.newPage(hub.url, options);
    const errors = watchErrors(page);
    await page.goto(`/datasets/${DATASET}${query}`);
    await page.getByTestId("viewer-table").waitFor();
    return { page, errors };
  }

  it("pages, jumps to a row, draws column charts, searches, filters, sorts and switches split", async () => {
    const { page, errors } = await open();
    await expectRange(page, "Rows 1–100 of 250");
    const splitPicker = page.getByLabel("Split", { exact: true });
    await expect(splitPicker.locator("option").allTextContents()).resolves.toEqual([
      "train (250 rows)",
      "test (30 rows)",
    ]);

    // value counts above the label column, a histogram above the stars column, from /statistics
    const labelChart = page.locator('th[data-column="label"] [data-testid="column-chart"]');
    await expect(labelChart.getAttribute("data-kind")).resolves.toBe("frequencies");
    const counts = new Map<string, number>();
    for (const row of TRAIN) counts.set(row.label, (counts.get(row.label) ?? 0) + 1);
    const top = [...counts].sort((a, b) => b[1] - a[1])[0];
    await expect(labelChart.locator("button.frequency").first().getAttribute("title")).resolves.toBe(
      `${top[0]}: ${top[1]} rows (${Math.round((100 * top[1]) / TRAIN.length)}%)`,
    );
    const starsChart = page.locator('th[data-column="stars"] [data-testid="column-chart"]');
    await starsChart.locator(".bin-bar").first().waitFor();
    await expect(starsChart.getAttribute("data-kind")).resolves.toBe("histogram");
    expect(await starsChart.locator(".bin-bar").count()).toBeGreaterThan(1);
    await screenshot(page, "dataset-viewer-01-light");

    await page.getByRole("button", { name: "Page 3" }).click();
    await expectRange(page, "Rows 201–250 of 250");
    expect(new URL(page.url()).searchParams.get("p")).toBe("2");
    expect((await columnValues(page, 1))[0]).toBe(TRAIN[200].text);

    await page.getByLabel("Go to row").fill("142");
    await page.getByRole("button", { name: "Go", exact: true }).click();
    await expectRange(page, "Rows 101–200 of 250");
    await expect(page.locator("tr.row-highlight td").first().textContent()).resolves.toBe(TRAIN[142].text);

    // search
    await page.getByLabel("Search this split").fill("camera");
    await page.getByLabel("Search this split").press("Enter");
    const cameras = TRAIN.filter((row) => row.text.includes("camera")).length;
    await expectRange(page, `Rows 1–${cameras} of ${cameras}`);
    const texts = await columnValues(page, 1);
    expect(texts.length).toBe(cameras);
    expect(texts.every((text) => text.includes("camera"))).toBe(true);
    expect(new URL(page.url()).searchParams.get("q")).toBe("camera");
    await screenshot(page, "dataset-viewer-02-search", false);

    // a filter from the form ends the search
    await page.getByLabel("Filter column").selectOption("stars");
    await page.getByLabel("Filter operator").selectOption(">=");
    await page.getByLabel("Filter value").fill("4");
    await page.getByRole("button", { name: "Add filter" }).click();
    const highStars = TRAIN.filter((row) => row.stars >= 4);
    await expectRange(page, `Rows 1–100 of ${highStars.length}`);
    await expect(page.getByLabel("Search this split").inputValue()).resolves.toBe("");
    expect((await columnValues(page, 3)).every((stars) => Number(stars) >= 4)).toBe(true);

    // a click on the "negative" bar above the label column adds label = 'negative'
    await labelChart.locator("button.frequency", { hasText: "negative" }).click();
    const both = highStars.filter((row) => row.label === "negative");
    await expectRange(page, `Rows 1–${both.length} of ${both.length}`);
    expect(new Set(await columnValues(page, 2))).toEqual(new Set(["negative"]));
    await page.getByRole("button", { name: "Remove filter label = negative" }).waitFor();

    await page.getByRole("button", { name: "Sort by text (ascending)" }).click();
    await page.getByRole("button", { name: "Sort by text (descending)" }).waitFor();
    const sorted = both.map((row) => row.text).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    await expect.poll(() => columnValues(page, 1), { timeout: POLL_MS }).toEqual(sorted);
    await screenshot(page, "dataset-viewer-03-filter", false);

    await page.getByRole("button", { name: "Remove filter stars >= 4" }).click();
    const negative = TRAIN.filter((row) => row.label === "negative").length;
    await expectRange(page, `Rows 1–${Math.min(100, negative)} of ${negative}`);

    await splitPicker.selectOption("test");
    await expectRange(page, "Rows 1–30 of 30");
    expect((await columnValues(page, 1))[0]).toBe(TEST[0].text);
    expect(new URL(page.url()).searchParams.get("split")).toBe("test");
    expect(errors).toEqual([]);
  });

  it("runs a SQL query, shares it by link, and shows a bad query's error", async () => {
    const { page, errors } = await open();
    await page.getByRole("tab", { name: "SQL console" }).click();
    const query = "SELECT label, count(*) AS n FROM train GROUP BY label ORDER BY label";
    await page.getByLabel("SQL query").fill(query);
    await page.getByRole("button", { name: "Run query" }).click();
    const result = page.getByTestId("sql-result");
    await result.waitFor();
    const expected = LABELS.slice()
      .sort()
      .map((label) => `${label}${TRAIN.filter((row) => row.label === label).length}`);
    await expect(result.locator("tbody tr").allTextContents()).resolves.toEqual(expected);
    await screenshot(page, "dataset-viewer-04-sql", false);

    const link = await page.getByTestId("sql-share-link").getAttribute("href");
    expect(new URL(link ?? "").searchParams.get("sql")).toBe(query);
    const shared = await session.newPage(hub.url);
    await shared.goto(link ?? "");
    await shared.getByTestId("sql-result").waitFor();
    await expect(shared.getByTestId("sql-result").locator("tbody tr").allTextContents()).resolves.toEqual(
      expected,
    );
    await expect(shared.getByLabel("SQL query").inputValue()).resolves.toBe(query);

    await page.getByLabel("SQL query").fill("SELECT nope FROM train");
    await page.getByLabel("SQL query").press("Control+Enter");
    await expect(page.getByTestId("sql-error").textContent()).resolves.toMatch(/nope/);
    expect(errors).toEqual([]);
  });

  it("shows a split's conversion error in place, and images in their cells", async () => {
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    await page.goto(`/datasets/${BROKEN}?split=test`);
    await expect(page.getByTestId("split-error").textContent()).resolves.toMatch(/data\/test\.jsonl/);
    await screenshot(page, "dataset-viewer-07-failed-split", false);

    await page.goto(`/datasets/${PICTURES}`);
    const images = page.locator('[data-testid="viewer-table"] .cell-image img');
    await images.first().waitFor();
    await expect
      .poll(() => images.evaluateAll((all) => all.map((img) => (img as HTMLImageElement).naturalWidth)), {
        timeout: POLL_MS,
      })
      .toEqual([32, 40]);
    await expect(page.locator('[data-testid="viewer-table"] .cell-label').allTextContents()).resolves.toEqual(
      ["cat 0", "dog 1"],
    );
    expect(errors).toEqual([]);
  });

  it("looks right in dark mode and on a phone", async () => {
    const dark = await open("", { dark: true });
    await dark.page.locator('[data-testid="column-chart"][data-kind="histogram"] .bin-bar').first().waitFor();
    await screenshot(dark.page, "dataset-viewer-05-dark");
    const phone = await open("", { width: 390, height: 844 });
    await phone.page.locator('[data-testid="column-chart"]').first().waitFor();
    // the table scrolls sideways inside its box; the page itself does not
    const widths = await phone.page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      table: document.querySelector('[data-testid="viewer-table"]')?.scrollWidth ?? 0,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    expect(widths.table).toBeGreaterThan(widths.viewport);
    await screenshot(phone.page, "dataset-viewer-06-phone");
    expect([...dark.errors, ...phone.errors]).toEqual([]);
  });
});
