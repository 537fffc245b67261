import { getInferenceSnippets } from "@modelhub/inference";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, screenshot, watchErrors } from "./support/browser.js";
import { CHAT_MODEL_FILES, commitFiles, createRepo, DATASET_FILES } from "./support/fixtures.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] skipped: ${skipReason}`);

const USER = "e2e-user";
const PASSWORD = "e2e-password-123";
const CHAT_MODEL = `${USER}/tiny-chat`;
const DATASET = `${USER}/reviews`;
// The first start imports the whole demo catalogue (a git commit per repo): generous on a busy machine.
const SEED_TIMEOUT_MS = 240_000;

type ModelInfo = Parameters<typeof getInferenceSnippets>[0] & {
  inferenceProviderMapping?: Record<
    string,
    {
      providerId: string;
      status: "live" | "staging";
      task: string;
      adapter?: string;
      adapterWeightsPath?: string;
    }
  >;
};

describe.skipIf(skipReason !== undefined)("web app in Chromium against the real hub", () => {
  let hub: RunningHub;
  let browser: Browser;
  let context: BrowserContext;
  let token: string;

  beforeAll(async () => {
    hub = await startHub();
    let timer: NodeJS.Timeout | undefined;
    const seeded = await Promise.race([
      hub.seeded.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), SEED_TIMEOUT_MS))),
    ]);
    clearTimeout(timer);
    if (!seeded)
      console.warn(
        "[@modelhub/web e2e] demo catalogue still importing; catalogue-based checks may be skipped",
      );
    token = await hub.createUser(USER, PASSWORD);
    await createRepo(hub.url, token, "model", CHAT_MODEL);
    await commitFiles(hub.url, token, "model", CHAT_MODEL, CHAT_MODEL_FILES);
    await createRepo(hub.url, token, "dataset", DATASET);
    await commitFiles(hub.url, token, "dataset", DATASET, DATASET_FILES);
    browser = await launchBrowser();
    context = await newContext(browser, hub.url);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await hub?.stop();
  });

  let current: Page | undefined;
  async function openPage(): Promise<{ page: Page; errors: string[] }> {
    const page = await context.newPage();
    current = page;
    return { page, errors: watchErrors(page) };
  }

  afterEach(async (test) => {
    // A failing flow leaves a picture of where it stopped.
    if (test.task.result?.state === "fail" && current && !current.isClosed()) {
      await screenshot(current, `failed-${test.task.name.slice(0, 40).replace(/\W+/g, "-")}`);
    }
    if (current && !current.isClosed()) await current.close();
    current = undefined;
  });

  /** A catalogue model that inference providers serve, else the test's own chat model. */
  async function modelWithProviders(): Promise<string> {
    const response = await fetch(`${hub.url}/api/models?inference_provider=all&limit=20`);
    const items = response.ok ? ((await response.json()) as { id: string; pipeline_tag?: string }[]) : [];
    const conversational = items.find(
      (item) => item.pipeline_tag === "text-generation" || item.pipeline_tag === "image-text-to-text",
    );
    return (conversational ?? items[0])?.id ?? CHAT_MODEL;
  }

  it("search → model page → switch provider and language → copy the exact generated snippet", async () => {
    const modelId = await modelWithProviders();
    const { page, errors } = await openPage();
    await page.goto("/");
    await page.getByRole("heading", { name: "Trending models" }).waitFor();
    await screenshot(page, "01-home");

    await page.locator("#home-search").fill(modelId.split("/")[1]);
    await page.locator("#home-search").press("Enter");
    await page.waitForURL(/\/models\?search=/);
    const card = page.locator(`a.repo-card[href="/${modelId}"]`);
    await card.waitFor();
    await screenshot(page, "02-search-results");
    await card.click();
    await page.waitForURL(new RegExp(`/${modelId}$`));

    const panel = page.locator(".inference-panel");
    const code = page.locator('[data-testid="inference-snippet"] pre');
    await code.waitFor();
    await page.locator(".markdown").first().waitFor();
    // the demo catalogue spreads each model's downloads over the last 30 days: one point per day
    const points = await page.locator(".downloads-sparkline polyline").getAttribute("points");
    expect(points?.trim().split(/\s+/)).toHaveLength(30);
    await screenshot(page, "03-model-page");

    const info = (await (await fetch(`${hub.url}/api/models/${modelId}?blobs=true`)).json()) as ModelInfo;
    const providers = await page
      .locator("#inference-provider option")
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(providers[0]).toBe("auto");
    const provider = providers[1] ?? "auto";
    const heightBefore = (await page.locator('[data-testid="inference-snippet"]').boundingBox())?.height;
    await page.locator("#inference-provider").selectOption(provider);
    await panel.getByRole("tab", { name: "JavaScript" }).click();
    const message = 'Hello from the e2e test: it\'s "quoted"';
    await page.locator("#inference-input").fill(message);
    const heightAfter = (await page.locator('[data-testid="inference-snippet"]').boundingBox())?.height;
    expect(heightAfter).toBe(heightBefore);

    const conversational = (info.tags ?? []).includes("conversational");
    const mappings = Object.entries(info.inferenceProviderMapping ?? {}).map(([name, entry]) => ({
      ...entry,
      provider: name,
    }));
    const entry =
      provider === "auto"
        ? (mappings.find((m) => m.status === "live") ?? mappings[0])
        : mappings.find((m) => m.provider === provider);
    const mappingArg = entry
      ? {
          provider: entry.provider,
          hfModelId: info.id,
          providerId: entry.providerId,
          status: entry.status,
          task: entry.task,
          ...(entry.adapter ? { adapter: entry.adapter } : {}),
          ...(entry.adapterWeightsPath ? { adapterWeightsPath: entry.adapterWeightsPath } : {}),
        }
      : undefined;
    const opts = conversational ? { messages: [{ role: "user", content: message }] } : { inputs: message };
    const expected = getInferenceSnippets(info, provider, mappingArg, opts).filter(
      (s) => s.language === "js",
    );
    expect(expected.length).toBeGreaterThan(0);

    await code.getByText("Hello from the e2e test", { exact: false }).first().waitFor();
    await page.locator('[data-testid="inference-snippet"] .copy-button').click();
    await page.locator('[data-testid="inference-snippet"] .copy-button', { hasText: "Copied!" }).waitFor();
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    expect(clipboard).toBe(expected[0].content);
    expect(await code.innerText()).toBe(expected[0].content);

    await page.locator('[data-testid="use-this-model"], [data-testid="hub-endpoint-note"]').first().waitFor();
    await screenshot(page, "04-model-page-js-snippet");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows facet counts on /models and narrows the list to a clicked task", async () => {
    const { page, errors } = await openPage();
    await page.goto("/models");
    const tasks = page.locator('section[aria-labelledby="filter-tasks"][data-facet-state="counted"]');
    const chip = tasks.locator("button.filter-chip").first();
    await chip.waitFor();
    const task = (await chip.getAttribute("data-value")) ?? "";
    const count = Number((await chip.locator(".count").textContent())?.replace(/\D/g, ""));
    expect(count).toBeGreaterThan(0);
    await screenshot(page, "02b-model-facets");

    await chip.click();
    await page.waitForURL(new RegExp(`pipeline_tag=${task}`));
    const api = await fetch(`${hub.url}/api/models?pipeline_tag=${task}&sort=trendingScore&limit=30`);
    const expected = ((await api.json()) as { id: string }[]).map((item) => `/${item.id}`);
    await expect
      .poll(
        () => page.locator("a.repo-card").evaluateAll((cards) => cards.map((a) => a.getAttribute("href"))),
        {
          timeout: 10_000,
        },
      )
      .toEqual(expected);
    const picked = tasks.locator('button[aria-pressed="true"]');
    await expect
      .poll(() => picked.locator(".count").textContent(), { timeout: 10_000 })
      .toBe(count.toLocaleString("en"));
    await screenshot(page, "02c-model-facets-task-picked");
    expect(errors).toEqual([]);
  });

  it("shows a task page with its demo, examples and about text", async () => {
    const { page, errors } = await openPage();
    await page.goto("/tasks");
    const firstTask = page.locator("a.task-link").first();
    await firstTask.waitFor();
    await screenshot(page, "05-tasks");
    const preferred = page.locator('a.task-link[href="/tasks/text-classification"]');
    await ((await preferred.count()) > 0 ? preferred : firstTask).click();
    await page.waitForURL(/\/tasks\/[^/]+$/);
    await page.locator("h1").waitFor();
    await page.locator(".demo").first().waitFor();
    await page.locator(".markdown").first().waitFor();
    await screenshot(page, "06-task-page");
    expect(await page.locator("h1").innerText()).not.toBe("");

    // A task whose demo is an image: the picture ships in the build and loads.
    const tasks = (await (await fetch(`${hub.url}/api/tasks`)).json()) as Record<
      string,
      { demo?: { inputs: { type: string }[] } }
    >;
    const imageTask = Object.entries(tasks).find(([, task]) =>
      task.demo?.inputs.some((input) => input.type === "img"),
    )?.[0];
    if (imageTask) {
      await page.goto(`/tasks/${imageTask}`);
      const image = page.locator(".demo img").first();
      await image.waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll(".demo img")].every((img) => (img as HTMLImageElement).complete),
      );
      expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await page.locator(".markdown").first().waitFor();
      await screenshot(page, "06b-task-page-image-demo");
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows a dataset's splits in the dataset viewer", async () => {
    const { page, errors } = await openPage();
    await page.goto(`/datasets/${DATASET}`);
    // the viewer shows the table once the hub has converted the commit to Parquet
    const table = page.getByTestId("viewer-table");
    await table.locator("td", { hasText: "Great phone, battery lasts days" }).waitFor({ timeout: 60_000 });
    await screenshot(page, "07-dataset-viewer-train");
    await page.getByLabel("Split", { exact: true }).selectOption("test");
    await table.locator("td", { hasText: "Lovely screen" }).waitFor();
    await screenshot(page, "08-dataset-viewer-test");

    // A Parquet dataset of the demo catalogue, when it carries one: the viewer (or its conversion state).
    const datasets = (await (await fetch(`${hub.url}/api/datasets?limit=100&full=true`)).json()) as {
      id: string;
      siblings?: { rfilename: string }[];
    }[];
    const withParquet = datasets.find((d) => d.siblings?.some((s) => s.rfilename.endsWith(".parquet")));
    if (withParquet) {
      await page.goto(`/datasets/${withParquet.id}`);
      await page
        .locator(
          '[data-testid="viewer-table"], [data-testid="conversion-status"], [data-testid="split-error"]',
        )
        .first()
        .waitFor({ timeout: 60_000 });
      await screenshot(page, "08b-dataset-parquet-viewer");
    } else {
      console.warn(
        "[@modelhub/web e2e] no parquet dataset in the demo catalogue; parquet viewer not exercised",
      );
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it("signs in, creates a token, creates a repo and uploads a file", async () => {
    const { page, errors } = await openPage();
    await page.goto("/login");
    await page.getByLabel("Username").fill(USER);
    await page.getByLabel("Password").fill(PASSWORD);
    await screenshot(page, "09-sign-in");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.locator(".user-name", { hasText: USER }).waitFor();

    await page.goto("/settings/tokens");
    await page.locator("#token-name").fill("e2e laptop");
    await page.getByRole("radio", { name: "Write" }).check();
    await page.getByRole("button", { name: "Create token" }).click();
    const created = (await page.locator('[data-testid="new-token"]').innerText()).trim();
    expect(created).toMatch(/^hf_/);
    await page.locator('[data-testid="token-list"]', { hasText: "e2e laptop" }).waitFor();
    await screenshot(page, "10-tokens");
    const whoami = await fetch(`${hub.url}/api/whoami-v2`, {
      headers: { Authorization: `Bearer ${created}` },
    });
    expect(((await whoami.json()) as { name: string }).name).toBe(USER);

    await page.goto("/new");
    await page.locator("#new-repo-name").fill("uploaded-model");
    await screenshot(page, "11-new-repo");
    await page.getByRole("button", { name: "Create model" }).click();
    await page.waitForURL(new RegExp(`/${USER}/uploaded-model$`));

    await page.goto(`/${USER}/uploaded-model/upload`);
    // A text file goes inline (base64 in the commit); a binary one through LFS (batch + signed PUT).
    const weights = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 256));
    await page.locator("#upload-input").setInputFiles([
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("uploaded from the browser\n") },
      { name: "weights.bin", mimeType: "application/octet-stream", buffer: weights },
    ]);
    await page.locator("#upload-summary").fill("Add notes from the browser");
    await page.getByRole("button", { name: "Commit changes to main" }).click();
    await page.locator('[data-testid="upload-done"]').waitFor();
    await screenshot(page, "12-upload-done");

    await page.goto(`/${USER}/uploaded-model/tree/main`);
    await page.locator('[data-testid="file-table"]', { hasText: "notes.txt" }).waitFor();
    const file = await fetch(`${hub.url}/${USER}/uploaded-model/resolve/main/notes.txt`);
    expect(await file.text()).toBe("uploaded from the browser\n");
    const binary = await fetch(`${hub.url}/${USER}/uploaded-model/resolve/main/weights.bin`);
    expect(Buffer.from(await binary.arrayBuffer()).equals(weights)).toBe(true);
    const tree = (await (await fetch(`${hub.url}/api/models/${USER}/uploaded-model/tree/main`)).json()) as {
      path: string;
      lfs?: unknown;
    }[];
    expect(tree.find((entry) => entry.path === "weights.bin")?.lfs).toBeDefined();
    await page.locator('[data-testid="file-table"] .tag-lfs').first().waitFor();
    await screenshot(page, "13-files");
    await page.goto(`/${USER}/uploaded-model/commits/main`);
    await page.locator('[data-testid="commit-list"]', { hasText: "Add notes from the browser" }).waitFor();
    await screenshot(page, "14-commits");

    // kernels are the fourth repo type: the same form creates one, from its menu link
    await page.locator(".user-menu summary").click();
    await page.getByRole("link", { name: "New kernel" }).click();
    await page.locator("#new-repo-name").fill("relu-kernel");
    await page.getByRole("button", { name: "Create kernel" }).click();
    await page.waitForURL(new RegExp(`/kernels/${USER}/relu-kernel$`));
    expect((await fetch(`${hub.url}/api/kernels/${USER}/relu-kernel`)).status).toBe(200);

    // Signing out revokes the token the password sign-in created.
    await page.locator(".user-menu summary").click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("link", { name: "Sign in" }).waitFor();
    let sessionTokens = 1;
    for (let attempt = 0; attempt < 20 && sessionTokens > 0; attempt++) {
      const list = (await (
        await fetch(`${hub.url}/api/settings/tokens`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as {
        displayName: string;
      }[];
      sessionTokens = list.filter((t) => t.displayName === "web sign-in").length;
      if (sessionTokens > 0) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(sessionTokens).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("runs a static space in a sandboxed frame", async () => {
    const spaces = (await (await fetch(`${hub.url}/api/spaces?limit=50`)).json()) as {
      id: string;
      sdk?: string;
    }[];
    let space: { id: string } | undefined;
    for (const candidate of spaces.filter((s) => s.sdk === "static")) {
      if ((await fetch(`${hub.url}/api/spaces/${candidate.id}`)).ok) {
        space = candidate;
        break;
      }
      console.warn(
        `[@modelhub/web e2e] listed space ${candidate.id} has no repo info (hub bug); trying the next one`,
      );
    }
    if (!space) {
      console.warn("[@modelhub/web e2e] no static space in the demo catalogue");
      return;
    }
    const { page, errors } = await openPage();
    await page.goto(`/spaces/${space.id}`);
    const frame = page.locator('[data-testid="space-frame"]');
    await frame.waitFor();
    expect(await frame.getAttribute("sandbox")).not.toContain("allow-same-origin");
    // The app's own HTML runs (not shown as text) inside the sandbox.
    await page.frameLocator('[data-testid="space-frame"]').locator("h1, main, canvas, div").first().waitFor();
    await page
      .locator('article[aria-label="Space card"] .markdown, article[aria-label="Space card"] .status')
      .first()
      .waitFor();
    await screenshot(page, "15b-static-space");
    expect(errors).toEqual([]);
  });

  it("renders a real not-found page with HTTP 404 for unknown models", async () => {
    const { page } = await openPage();
    const response = await page.goto("/nobody-here/no-such-model");
    expect(response?.status()).toBe(404);
    await page.getByText("can't find that model").waitFor();
    await screenshot(page, "15-not-found");
    await page.close();
  });

  it("fits a phone screen and follows the dark colour scheme", async () => {
    const phone = await newContext(browser, hub.url, { width: 390, height: 844, dark: true });
    const page = await phone.newPage();
    await page.goto(`/${CHAT_MODEL}`);
    await page.locator('[data-testid="inference-snippet"] pre').waitFor();
    await page.locator(".markdown").first().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // the card comes first, right under the header; the details and code follow it
    const cardTop = await page
      .locator('article[aria-label="Model card"]')
      .evaluate((el) => el.getBoundingClientRect().top);
    const sideTop = await page.locator("aside.sidebar").evaluate((el) => el.getBoundingClientRect().top);
    expect(cardTop).toBeLessThan(sideTop);
    expect(cardTop).toBeLessThan(400);
    // every tab fits, and a code block's copy button sits above its first line, not over it
    const tabsFit = await page
      .locator(".tabs")
      .first()
      .evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(tabsFit).toBe(true);
    const clear = await page
      .locator('[data-testid="inference-snippet"] .code-block')
      .first()
      .evaluate((block) => {
        const button = block.querySelector(".copy-button")?.getBoundingClientRect();
        const code = block.querySelector("pre code")?.getBoundingClientRect();
        return button && code ? button.bottom <= code.top + 1 : false;
      });
    expect(clear).toBe(true);
    await screenshot(page, "16-model-phone-dark");
    await page.goto("/models");
    await page.locator("a.repo-card").first().waitFor();
    await screenshot(page, "17-models-phone-dark");
    await phone.close();
  });
});
