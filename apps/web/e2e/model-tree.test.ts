import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, signIn, watchErrors } from "./support/browser.js";
import { commitFiles, createRepo, type FixtureFile } from "./support/fixtures.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { SCREENSHOT_DIR, missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] model tree skipped: ${skipReason}`);

const BASE_OWNER = "tree-lab";
const FORKER = "tree-forker";
const PASSWORD = "model-tree-password-1";
const BASE = `${BASE_OWNER}/Tiny-Base-1B`;

const CONFIG = JSON.stringify({ architectures: ["LlamaForCausalLM"], model_type: "llama" });
const QUANT_CONFIG = JSON.stringify({
  architectures: ["LlamaForCausalLM"],
  model_type: "llama",
  quantization_config: { quant_method: "awq", bits: 4 },
});

function readme(front: string, title: string): FixtureFile {
  return {
    path: "README.md",
    content: `---\n${front}\n---\n# ${title}\n\nA model for the model tree test.\n`,
  };
}

describe.skipIf(skipReason !== undefined)("the model tree card in Chromium", () => {
  let hub: RunningHub;
  const session = new BrowserSession();

  async function model(token: string, id: string, files: FixtureFile[], isPrivate = false): Promise<void> {
    await createRepo(hub.url, token, "model", id, { private: isPrivate });
    await commitFiles(hub.url, token, "model", id, files);
  }

  beforeAll(async () => {
    hub = await startHub({ seed: false });
    const lab = await hub.createUser(BASE_OWNER, PASSWORD);
    const forker = await hub.createUser(FORKER, PASSWORD);
    await model(lab, BASE, [
      readme("license: apache-2.0\npipeline_tag: text-generation", "Tiny base"),
      { path: "config.json", content: CONFIG },
    ]);
    const child = `base_model: ${BASE}`;
    await model(forker, `${FORKER}/Tiny-Base-1B-AWQ`, [
      readme(child, "AWQ"),
      { path: "config.json", content: QUANT_CONFIG },
    ]);
    await model(forker, `${FORKER}/Tiny-Base-1B-Q4`, [
      readme(`${child}\nbase_model_relation: quantized`, "Q4"),
    ]);
    await model(forker, `${FORKER}/Tiny-Base-1B-lora`, [
      readme(child, "LoRA"),
      { path: "adapter_config.json", content: '{"peft_type": "LORA", "task_type": "CAUSAL_LM"}' },
    ]);
    await model(forker, `${FORKER}/Tiny-Base-1B-chat`, [
      readme(child, "Chat"),
      { path: "config.json", content: CONFIG },
    ]);
    await model(forker, `${FORKER}/Tiny-Base-1B-wip`, [readme(child, "Private finetune")], true);
    await session.start();
  });

  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });

  afterEach((test) => session.screenshotIfFailed(test, "model-tree"));

  async function open(path: string, dark = false): Promise<{ page: Page; errors: string[] }> {
    const page = await session.newPage(hub.url, { dark });
    const errors = watchErrors(page);
    await page.goto(path);
    return { page, errors };
  }

  it("shows a base's children per relation and opens the listing of its quantizations", async () => {
    const { page, errors } = await open(`/${BASE}`);
    const card = page.getByTestId("model-tree");
    await card.waitFor();
    expect(await card.getByTestId("model-tree-children").innerText()).toBe(
      "Adapters 1 · Finetunes 1 · Quantizations 2",
    );
    expect(await card.getByTestId("model-tree-bases").count()).toBe(0);
    await screenshot(page, "model-tree-00-base-light");
    await cardShot(card, "model-tree-01-base-card-light");

    await card.locator('a[data-relation="quantized"]').click();
    await page.waitForURL(/\/models\?filter=/);
    expect(new URL(page.url()).searchParams.getAll("filter")).toEqual([`base_model:quantized:${BASE}`]);
    const listed = page.locator(`a[href="/${FORKER}/Tiny-Base-1B-AWQ"]`);
    await listed.first().waitFor();
    expect(await page.locator(`a[href="/${FORKER}/Tiny-Base-1B-Q4"]`).count()).toBeGreaterThan(0);
    expect(await page.locator(`a[href="/${FORKER}/Tiny-Base-1B-lora"]`).count()).toBe(0);
    // the active filter's chip counts the listing it filters, like the card did
    const chip = page.locator(`button.filter-chip[data-value="base_model:quantized:${BASE}"] .count`);
    await expect.poll(() => chip.innerText()).toBe("2");
    await screenshot(page, "model-tree-02-quantizations-listing");
    expect(errors).toEqual([]);
  });

  it("names the base and the relation on a child's page, in dark mode", async () => {
    const { page, errors } = await open(`/${FORKER}/Tiny-Base-1B-lora`, true);
    const card = page.getByTestId("model-tree");
    await card.waitFor();
    expect(await card.getByTestId("model-tree-bases").innerText()).toBe(`${BASE} adapter`);
    expect(await card.getByTestId("model-tree-children").count()).toBe(0);
    await screenshot(page, "model-tree-03-adapter-dark");
    await cardShot(card, "model-tree-04-adapter-card-dark");
    await card.getByRole("link", { name: BASE }).click();
    await page.waitForURL(`**/${BASE}`);
    await page.getByTestId("model-tree").waitFor();
    expect(errors).toEqual([]);
  });

  it("counts the private finetune for its owner once signed in", async () => {
    const { page, errors } = await open("/");
    await signIn(page, FORKER, PASSWORD);
    await page.goto(`/${BASE}`);
    const children = page.getByTestId("model-tree").getByTestId("model-tree-children");
    await children.waitFor();
    expect(await children.innerText()).toBe("Adapters 1 · Finetunes 2 · Quantizations 2");
    expect(errors).toEqual([]);
  });
});

async function cardShot(card: Locator, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}
