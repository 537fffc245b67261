import { mkdirSync } from "node:fs";
import path from "node:path";
import { getInferenceSnippets } from "@modelhub/inference";
import { LOCAL_APPS, fileTypeCode, librarySnippetsFor, type ModelData } from "@modelhub/tasks";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, watchErrors } from "./support/browser.js";
import { CHAT_MODEL_FILES, commitFiles, createRepo } from "./support/fixtures.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { SCREENSHOT_DIR, missingPrerequisite } from "./support/paths.js";
import { writeGguf } from "../../server/src/seed/catalogue/files/gguf-writer.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] self-hosted snippets skipped: ${skipReason}`);

const USER = "self-hosted-user";
const PASSWORD = "self-hosted-password-1";
const CHAT = `${USER}/my-upload-chat`;
const GGUF = `${USER}/My-Upload-GGUF`;

/** A GGUF header with no tensors (the seed's writer). */
function tinyGguf(quant: string): Uint8Array {
  const fileType = fileTypeCode(quant);
  if (fileType === undefined) throw new Error(`unknown quant ${quant}`);
  return writeGguf(
    [
      ["general.architecture", { kind: "string", value: "llama" }],
      ["general.file_type", { kind: "u32", value: fileType }],
    ],
    256,
  );
}

function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}

describe.skipIf(skipReason !== undefined)("snippets of models no provider serves, in Chromium", () => {
  let hub: RunningHub;
  let chat: ModelData;
  let gguf: ModelData;
  const session = new BrowserSession();

  beforeAll(async () => {
    hub = await startHub({ seed: false });
    const token = await hub.createUser(USER, PASSWORD);
    await createRepo(hub.url, token, "model", CHAT);
    await commitFiles(hub.url, token, "model", CHAT, CHAT_MODEL_FILES);
    await createRepo(hub.url, token, "model", GGUF);
    await commitFiles(hub.url, token, "model", GGUF, [
      {
        path: "README.md",
        content: "---\nlicense: mit\npipeline_tag: text-generation\n---\n# My upload (GGUF)\n",
      },
      { path: "My-Upload-Q8_0.gguf", content: tinyGguf("Q8_0") },
      { path: "My-Upload-Q4_K_M.gguf", content: tinyGguf("Q4_K_M") },
    ]);
    chat = (await (await fetch(`${hub.url}/api/models/${CHAT}`)).json()) as ModelData;
    gguf = (await (await fetch(`${hub.url}/api/models/${GGUF}`)).json()) as ModelData;
    await session.start();
  });

  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });

  afterEach((test) => session.screenshotIfFailed(test, "self-hosted"));

  async function open(id: string, dark = false): Promise<{ page: Page; errors: string[] }> {
    const page = await session.newPage(hub.url, { dark });
    const errors = watchErrors(page);
    await page.goto(`/${id}`);
    await page.locator('[data-testid="inference-panel"]').waitFor();
    return { page, errors };
  }

  async function copySnippet(page: Page): Promise<string> {
    await page.locator('[data-testid="inference-snippet"] .copy-button').click();
    await page.locator('[data-testid="inference-snippet"] .copy-button', { hasText: "Copied!" }).waitFor();
    return page.evaluate(() => navigator.clipboard.readText());
  }

  it("an uploaded chat model: no auto snippet, the Hub's notice, and snippets for your own server", async () => {
    expect(chat.tags).toContain("conversational");
    const { page, errors } = await open(CHAT);
    const panel = page.locator('[data-testid="inference-panel"]');
    await expect
      .poll(() => panel.getByTestId("unserved-notice").innerText())
      .toContain("This model isn't deployed by any inference provider.");
    const options = await page
      .locator("#inference-provider option")
      .evaluateAll((nodes) => nodes.map((n) => (n as HTMLOptionElement).value));
    expect(options).toEqual(["self-hosted"]);

    await panel.getByRole("tab", { name: "cURL" }).click();
    const curl = await copySnippet(page);
    const expected = getInferenceSnippets(chat, "hf-inference", undefined, {
      endpointUrl: "http://localhost:8080/v1",
    }).find((s) => s.language === "sh");
    expect(curl).toBe(expected?.content);
    expect(curl).toContain("http://localhost:8080/v1/chat/completions");
    expect(curl).not.toContain("router.huggingface.co");
    expect(await panel.getByTestId("token-note").innerText()).toContain("API_TOKEN");

    // The URL is editable; a bad one gets a message and no snippet.
    const url = page.locator("#inference-endpoint-url");
    await url.fill("http://gpu-box:8000/v1");
    expect(await copySnippet(page)).toContain("http://gpu-box:8000/v1/chat/completions");
    await url.fill("gpu-box");
    await panel.getByText("Enter the server's http:// or https:// address.").waitFor();
    expect(await panel.getByTestId("inference-snippet").innerText()).toContain("Fix the endpoint URL above.");
    await url.fill("http://localhost:8080/v1");

    await page.locator("#inference-temperature").fill("abc");
    await page.locator("#inference-maxTokens").fill("-5");
    await panel.getByText("Enter a number from 0 to 2, like 0.7.").waitFor();
    await panel.getByText("Enter a whole number above 0, like 512.").waitFor();
    expect(await page.locator("#inference-temperature").getAttribute("aria-invalid")).toBe("true");
    const guarded = await copySnippet(page);
    expect(guarded).not.toContain("abc");
    expect(guarded).not.toContain("max_tokens");
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, "self-hosted-01-unserved-chat-model", false);
    await panel.screenshot({ path: screenshotPath("self-hosted-02-panel-validation") });
    await page.locator("#inference-temperature").fill("0.5");
    expect(await copySnippet(page)).toContain('"temperature": 0.5');
    expect(errors).toEqual([]);
  });

  it("a GGUF upload: Use this model's llama.cpp command matches the Local apps card (this hub, Q4_K_M)", async () => {
    const { page, errors } = await open(GGUF, true);
    const panel = page.locator('[data-testid="inference-panel"]');
    await panel.getByRole("link", { name: "Local apps" }).waitFor();
    const use = page.locator('[data-testid="use-this-model"]');
    await use.waitFor();
    const card = LOCAL_APPS["llama.cpp"].snippet(gguf, { hubUrl: hub.url });
    expect(card[0].content).toBe(`MODEL_ENDPOINT='${hub.url}' llama-server -hf '${GGUF}:Q4_K_M'`);
    const library = librarySnippetsFor(gguf, "gguf", hub.url).map((s) => s.content);
    const blocks = (await use.locator("pre").allInnerTexts()).slice(0, library.length);
    expect(blocks.map((b) => b.trim())).toEqual(library.map((b) => b.trim()));
    expect(blocks[0]).toContain(card[0].content);
    expect(blocks.join("\n")).not.toContain("Q8_0");
    expect(await use.getByTestId("hub-endpoint-note").innerText()).toContain("MODELHUB_TOKEN");
    await use.scrollIntoViewIfNeeded();
    await use.screenshot({ path: screenshotPath("self-hosted-03-gguf-use-this-model-dark") });
    expect(errors).toEqual([]);
  });
});

describe.skipIf(skipReason !== undefined)("snippets of a served model, in Chromium", () => {
  let hub: RunningHub;
  let served: string | undefined;
  const session = new BrowserSession();

  beforeAll(async () => {
    hub = await startHub();
    await hub.seeded;
    const response = await fetch(`${hub.url}/api/models?inference_provider=all&limit=50`);
    const items = (await response.json()) as { id: string; pipeline_tag?: string; tags?: string[] }[];
    // A model huggingface.co providers serve, not one of this hub's own backends (those offer "This hub").
    const backends = (await (await fetch(`${hub.url}/api/inference/backends`)).json()) as { name: string }[];
    const hubNames = new Set(backends.map((b) => b.name.toLowerCase()));
    for (const m of items) {
      if (m.pipeline_tag !== "text-generation" || !m.tags?.includes("conversational")) continue;
      const info = (await (
        await fetch(`${hub.url}/api/models/${m.id}?expand[]=inferenceProviderMapping`)
      ).json()) as { inferenceProviderMapping?: Record<string, unknown> };
      const providers = Object.keys(info.inferenceProviderMapping ?? {});
      if (providers.length > 0 && !providers.some((p) => hubNames.has(p.toLowerCase()))) {
        served = m.id;
        break;
      }
    }
    await session.start();
  }, 180_000);

  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });

  afterEach((test) => session.screenshotIfFailed(test, "served"));

  it("offers the providers, then your own server; says the router needs a huggingface.co token; checks bill-to", async () => {
    expect(served).toBeDefined();
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    await page.goto(`/${served}`);
    const panel = page.locator('[data-testid="inference-panel"]');
    await panel.waitFor();
    expect(await panel.getByTestId("unserved-notice").count()).toBe(0);
    const options = await page
      .locator("#inference-provider option")
      .evaluateAll((nodes) => nodes.map((n) => (n as HTMLOptionElement).value));
    expect(options[0]).toBe("auto");
    expect(options.at(-1)).toBe("self-hosted");
    expect(options.length).toBeGreaterThan(2);

    const note = await panel.getByTestId("token-note").innerText();
    expect(note).toContain("HF_TOKEN");
    expect(note).toContain("huggingface.co access token");
    expect(note).toContain("MODELHUB_TOKEN");

    await page.locator("#inference-bill-to").fill("my org!!");
    await panel.getByText("Enter an organisation name: letters, digits, and - _ . between them.").waitFor();
    await panel.getByRole("tab", { name: "cURL" }).click();
    const code = panel.getByTestId("inference-snippet");
    expect(await code.innerText()).not.toContain("my org");
    await page.locator("#inference-bill-to").fill("my-org");
    await expect.poll(() => code.innerText()).toContain("my-org");
    await page.locator("#inference-bill-to").fill("my org!!");
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: screenshotPath("self-hosted-04-served-model-bill-to") });
    expect(errors).toEqual([]);
  });
});
