import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { DATASET_LIBRARIES_UI_ELEMENTS, type DatasetData } from "@modelhub/tasks";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, watchErrors } from "./support/browser.js";
import { commitFiles, createRepo } from "./support/fixtures.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { SCREENSHOT_DIR, missingPrerequisite } from "./support/paths.js";

const run = promisify(execFile);
const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] dataset libraries skipped: ${skipReason}`);

const USER = "dataset-libs-user";
const PASSWORD = "dataset-libs-password-1";
const DATASET = `${USER}/tiny-reviews`;
const TRAIN_CSV = "text,label\nGreat little phone,1\nBattery died in a day,0\n";
const TEST_CSV = "text,label\nLovely screen,1\n";
const README = `---
license: mit
configs:
- config_name: default
  data_files:
  - split: train
    path: data/train.csv
  - split: test
    path: data/test.csv
---
# Tiny reviews

Two CSV splits for the "Use this dataset" browser test.
`;

async function pythonHasPandas(): Promise<boolean> {
  try {
    await run("python3", ["-c", "import pandas, huggingface_hub"]);
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(skipReason !== undefined)("'Use this dataset' on a dataset page in Chromium", () => {
  let hub: RunningHub;
  let info: DatasetData;
  const session = new BrowserSession();

  beforeAll(async () => {
    hub = await startHub({ seed: false });
    const token = await hub.createUser(USER, PASSWORD);
    await createRepo(hub.url, token, "dataset", DATASET);
    await commitFiles(hub.url, token, "dataset", DATASET, [
      { path: "README.md", content: README },
      { path: "data/train.csv", content: TRAIN_CSV },
      { path: "data/test.csv", content: TEST_CSV },
    ]);
    const response = await fetch(`${hub.url}/api/datasets/${DATASET}`);
    expect(response.status).toBe(200);
    info = (await response.json()) as DatasetData;
    await session.start();
  });

  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });

  afterEach((test) => session.screenshotIfFailed(test, "dataset-libraries"));

  async function openDataset(dark = false): Promise<{ page: Page; errors: string[] }> {
    const page = await session.newPage(hub.url, { dark });
    const errors = watchErrors(page);
    await page.goto(`/datasets/${DATASET}`);
    await page.locator('[data-testid="use-this-dataset"]').waitFor();
    return { page, errors };
  }

  async function copySnippet(page: Page, index: number): Promise<string> {
    const block = page.locator('[data-testid="dataset-library-snippet"]').nth(index);
    await block.locator(".copy-button").click();
    await block.locator(".copy-button", { hasText: "Copied!" }).waitFor();
    return page.evaluate(() => navigator.clipboard.readText());
  }

  const cardShot = (name: string) => path.join(SCREENSHOT_DIR, `${name}.png`);

  it("the hub lists the dataset's CSV files and card configs", () => {
    expect(info.siblings?.map((s) => s.rfilename)).toEqual(
      expect.arrayContaining(["data/train.csv", "data/test.csv"]),
    );
    expect(info.cardData?.configs).toBeDefined();
  });

  it("offers the CSV readers and copies pandas code equal to the package's, pointed at this hub", async () => {
    const { page, errors } = await openDataset();
    const card = page.locator('[data-testid="use-this-dataset"]');
    const select = card.getByLabel("Library");
    const offered = await select.locator("option").allTextContents();
    expect(offered).toEqual(["Datasets", "pandas", "Polars", "DuckDB", "Dask", "huggingface_hub"]);

    await select.selectOption("pandas");
    const expected = DATASET_LIBRARIES_UI_ELEMENTS.pandas.snippets(info, { hubUrl: hub.url });
    const copied = await copySnippet(page, 0);
    expect(copied).toBe(expected[0].content);
    expect(copied).toContain(`os.environ["HF_ENDPOINT"] = "${hub.url}"`);
    expect(copied).toContain(`pd.read_csv("hf://datasets/${DATASET}/" + splits["train"])`);
    await expect(card.getByTestId("dataset-library-reach").textContent()).resolves.toContain("HF_ENDPOINT");

    if (await pythonHasPandas()) {
      const { stdout } = await run("python3", ["-c", copied], { env: { ...process.env, HF_TOKEN: "" } });
      expect(stdout).toContain("Great little phone");
    } else {
      console.warn(
        "[dataset libraries e2e] python3 has no pandas/huggingface_hub here: the copied text is asserted only",
      );
    }
    await screenshot(page, "dataset-libraries-00-page-light");
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: cardShot("dataset-libraries-01-pandas-light") });
    expect(errors).toEqual([]);
  });

  it("gives Polars and DuckDB this hub's download URL, which serves the file's bytes", async () => {
    const { page, errors } = await openDataset(true);
    const card = page.locator('[data-testid="use-this-dataset"]');
    await card.getByLabel("Library").selectOption("polars");
    const polars = DATASET_LIBRARIES_UI_ELEMENTS.polars.snippets(info, { hubUrl: hub.url });
    const copied = await copySnippet(page, 0);
    expect(copied).toBe(polars[0].content);
    const url = `${hub.url}/datasets/${DATASET}/resolve/main/data/train.csv`;
    expect(copied).toContain(`pl.read_csv("${url}")`);
    // The download step the snippet relies on, run for real.
    const { stdout } = await run("curl", ["-fsSL", url]);
    expect(stdout).toBe(TRAIN_CSV);

    await card.getByLabel("Library").selectOption("duckdb");
    const duck = DATASET_LIBRARIES_UI_ELEMENTS.duckdb.snippets(info, { hubUrl: hub.url });
    expect(await copySnippet(page, 0)).toBe(duck[0].content);
    expect(await copySnippet(page, 1)).toBe(duck[1].content);
    expect(duck[1].content).toContain(`read_csv('${url}')`);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: cardShot("dataset-libraries-02-duckdb-dark") });
    await screenshot(page, "dataset-libraries-03-page-dark");
    expect(errors).toEqual([]);
  });

  it("copies a working hf download command for the whole dataset", async () => {
    const { page } = await openDataset();
    const card = page.locator('[data-testid="use-this-dataset"]');
    await card.getByLabel("Library").selectOption("huggingface_hub");
    const expected = DATASET_LIBRARIES_UI_ELEMENTS.huggingface_hub.snippets(info, { hubUrl: hub.url });
    expect(await copySnippet(page, 1)).toBe(expected[1].content);
    expect(expected[1].content).toBe(
      `HF_ENDPOINT='${hub.url}' hf download '${DATASET}' --repo-type dataset\n`,
    );
  });
});
