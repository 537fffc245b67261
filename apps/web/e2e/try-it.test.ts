import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, signIn, watchErrors } from "./support/browser.js";
import {
  FAKE_REPLY,
  HTML_PROMPT,
  HTML_REPLY,
  startFakeChatBackend,
  type FakeChatBackend,
} from "./support/fake-chat-backend.js";
import { CHAT_MODEL_FILES, commitFiles, createRepo } from "./support/fixtures.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { SCREENSHOT_DIR, missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] try-it skipped: ${skipReason}`);

const run = promisify(execFile);
const USER = "try-it-user";
const PASSWORD = "try-it-password-1";
const CHAT = `${USER}/tiny-chat`;
const UNSERVED = `${USER}/not-served`;
const BASE = `${USER}/tiny-base`;
const DOWN = `${USER}/on-a-dead-backend`;
const REQUESTS_PER_MINUTE = 8;
/** A text-generation model without a chat template: the gateway serves it as text completion. */
const BASE_FILES = [
  {
    path: "README.md",
    content: "---\nlicense: mit\npipeline_tag: text-generation\n---\n# Tiny base (e2e)\n",
  },
  {
    path: "config.json",
    content: JSON.stringify({ architectures: ["LlamaForCausalLM"], model_type: "llama" }),
  },
];

function optionValues(page: Page): Promise<string[]> {
  return page
    .locator("#inference-provider option")
    .evaluateAll((nodes) => nodes.map((n) => (n as HTMLOptionElement).value));
}

describe.skipIf(skipReason !== undefined)("the try-it box and the hub's own snippets, in Chromium", () => {
  let hub: RunningHub;
  let backend: FakeChatBackend;
  let token: string;
  let dataDir: string;
  const session = new BrowserSession();

  beforeAll(async () => {
    backend = await startFakeChatBackend(150);
    dataDir = mkdtempSync(path.join(tmpdir(), "modelhub-try-it-"));
    // The hub publishes its backends' models at start: create the repos, then restart with the config.
    const first = await startHub({ seed: false, dataDir });
    token = await first.createUser(USER, PASSWORD);
    await createRepo(first.url, token, "model", CHAT);
    await commitFiles(first.url, token, "model", CHAT, CHAT_MODEL_FILES);
    await createRepo(first.url, token, "model", UNSERVED);
    await commitFiles(first.url, token, "model", UNSERVED, CHAT_MODEL_FILES);
    await createRepo(first.url, token, "model", BASE);
    await commitFiles(first.url, token, "model", BASE, BASE_FILES);
    await createRepo(first.url, token, "model", DOWN);
    await commitFiles(first.url, token, "model", DOWN, CHAT_MODEL_FILES);
    await first.stop();
    const config = path.join(dataDir, "inference.json");
    writeFileSync(
      config,
      JSON.stringify({
        backends: [
          {
            name: "local",
            kind: "openai-compatible",
            baseUrl: backend.baseUrl,
            models: { [CHAT]: "fake-chat", [BASE]: "fake-base" },
          },
          {
            name: "spare",
            kind: "openai-compatible",
            baseUrl: backend.baseUrl,
            models: { [CHAT]: "fake-chat-spare" },
          },
          // Nothing listens on port 1: its health checks fail and its model shows as unavailable.
          {
            name: "down",
            kind: "openai-compatible",
            baseUrl: "http://127.0.0.1:1/v1",
            models: { [DOWN]: "gone" },
          },
        ],
        limits: { requestsPerMinute: REQUESTS_PER_MINUTE },
        health: { intervalMs: 300, failuresBeforeStaging: 1 },
      }),
    );
    hub = await startHub({ seed: false, dataDir, env: { MODELHUB_INFERENCE_CONFIG: config } });
    await session.start();
  });

  afterAll(async () => {
    await session.close();
    await hub?.stop();
    await backend?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  afterEach((test) => session.screenshotIfFailed(test, "try-it"));

  const box = (page: Page) => page.getByTestId("try-it");
  const assistantTexts = (page: Page) =>
    box(page).locator('[data-role="assistant"] .try-it-text').allInnerTexts();

  async function send(page: Page, message: string): Promise<void> {
    await page.locator("#try-it-input").fill(message);
    await box(page).getByRole("button", { name: "Send" }).click();
  }

  async function mappingsOf(id: string): Promise<Record<string, { status: string; task: string }>> {
    const response = await fetch(`${hub.url}/api/models/${id}?expand[]=inferenceProviderMapping`);
    const info = (await response.json()) as {
      inferenceProviderMapping?: Record<string, { status: string; task: string }>;
    };
    return info.inferenceProviderMapping ?? {};
  }

  it("publishes the backends as mappings of the served models; the dead one turns staging", async () => {
    const chat = await mappingsOf(CHAT);
    expect(chat.local).toMatchObject({ status: "live", task: "conversational" });
    expect(chat.spare).toMatchObject({ status: "live", task: "conversational" });
    expect((await mappingsOf(BASE)).local).toMatchObject({ status: "live", task: "text-generation" });
    await expect.poll(async () => (await mappingsOf(DOWN)).down?.status, { timeout: 15_000 }).toBe("staging");
  });

  it("signed out: a sign-in prompt that comes back to the model; signed in: a streamed chat with Stop", async () => {
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    await page.goto(`/${CHAT}`);
    const prompt = box(page).getByRole("link", { name: "Sign in to try this model" });
    await prompt.waitFor();
    expect(await box(page).locator("#try-it-input").count()).toBe(0);
    await box(page).scrollIntoViewIfNeeded();
    await screenshot(page, "try-it-01-signed-out", false);
    await prompt.click();
    await page.waitForURL(/\/login\?next=/);
    await page.getByLabel("Username").fill(USER);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(new RegExp(`/${CHAT}$`));

    // 1. The reply streams in: partial text while Stop is offered, then all of it.
    await page.locator("#try-it-temperature").fill("0.5");
    await send(page, "Tell me about the fox");
    const stop = box(page).getByRole("button", { name: "Stop" });
    await stop.waitFor();
    await expect.poll(async () => (await assistantTexts(page))[0] ?? "").toMatch(/^The quick brown/);
    const partial = (await assistantTexts(page))[0];
    expect(partial.length).toBeLessThan(FAKE_REPLY.length);
    await box(page).getByRole("button", { name: "Send" }).waitFor({ timeout: 30_000 });
    expect((await assistantTexts(page))[0]).toBe(FAKE_REPLY);
    const firstCall = backend.requests.at(-1);
    expect(String(firstCall?.body.model)).toMatch(/^fake-chat/);
    expect(firstCall?.body).toMatchObject({
      stream: true,
      temperature: 0.5,
      messages: [{ role: "user", content: "Tell me about the fox" }],
    });

    // 2. Stop mid-stream: the text stops growing and the backend request is cancelled.
    await send(page, "Again, please");
    await expect.poll(async () => (await assistantTexts(page))[1] ?? "").toMatch(/^The quick/);
    await stop.click();
    await box(page).getByText("Stopped.").waitFor();
    const stopped = (await assistantTexts(page))[1];
    expect(stopped.length).toBeLessThan(FAKE_REPLY.length);
    await page.waitForTimeout(700);
    expect((await assistantTexts(page))[1]).toBe(stopped);
    await expect.poll(() => backend.requests.at(-1)?.aborted).toBe(true);
    expect(backend.requests.at(-1)?.body.messages).toHaveLength(3);

    // 3. A second conversation turn works after the stop, here from the backend picked by name.
    await page.locator("#try-it-backend").selectOption("spare");
    await send(page, "One more time");
    await box(page).getByRole("button", { name: "Send" }).waitFor({ timeout: 30_000 });
    expect((await assistantTexts(page))[2]).toBe(FAKE_REPLY);
    expect(backend.requests.at(-1)?.body.messages).toHaveLength(5);
    expect(backend.requests.at(-1)?.body.model).toBe("fake-chat-spare");

    // Markup in an answer is shown as text: no element is made from it, no handler runs.
    await send(page, HTML_PROMPT);
    await box(page).getByRole("button", { name: "Send" }).waitFor({ timeout: 30_000 });
    expect((await assistantTexts(page))[3]).toBe(HTML_REPLY);
    expect(
      await box(page).locator("[data-testid=try-it-messages] b, [data-testid=try-it-messages] img").count(),
    ).toBe(0);
    expect(
      await page.evaluate(() => (window as { __tryItInjected?: number }).__tryItInjected),
    ).toBeUndefined();

    // Invalid settings are refused beside the field and nothing can be sent.
    await page.locator("#try-it-maxTokens").fill("-3");
    await box(page).getByText("Enter a whole number above 0, like 512.").waitFor();
    await page.locator("#try-it-input").fill("blocked");
    expect(await box(page).getByRole("button", { name: "Send" }).isDisabled()).toBe(true);
    await page.locator("#try-it-maxTokens").fill("");

    await box(page).scrollIntoViewIfNeeded();
    await screenshot(page, "try-it-02-chat-light", false);
    await box(page).screenshot({
      path: path.join(SCREENSHOT_DIR, "try-it-03-box-light.png"),
    });
    expect(errors).toEqual([]);
  });

  it("a model no backend serves says so and how an admin adds one", async () => {
    const page = await session.newPage(hub.url, { dark: true });
    await signIn(page, USER, PASSWORD);
    await page.goto(`/${UNSERVED}`);
    const note = box(page).getByTestId("try-it-not-served");
    await note.waitFor();
    expect(await note.innerText()).toContain("No inference backend of this hub serves this model");
    expect(await note.innerText()).toContain("MODELHUB_INFERENCE_CONFIG");
    // Its snippets keep the previous choices: no "This hub".
    const options = await optionValues(page);
    expect(options).toEqual(["self-hosted"]);
    await box(page).scrollIntoViewIfNeeded();
    await screenshot(page, "try-it-04-not-served-dark", false);
  });

  it("a text-generation model: streamed text completion", async () => {
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    await signIn(page, USER, PASSWORD);
    await page.goto(`/${BASE}`);
    await page.locator("#try-it-input").fill("Once upon a time, ");
    await box(page).getByRole("button", { name: "Generate" }).click();
    const output = box(page).getByTestId("try-it-output");
    await expect.poll(() => output.innerText()).toMatch(/^Once upon a time, The quick/);
    expect((await output.innerText()).length).toBeLessThan("Once upon a time, ".length + FAKE_REPLY.length);
    await box(page).getByRole("button", { name: "Generate" }).waitFor({ timeout: 30_000 });
    expect(await output.innerText()).toBe(`Once upon a time, ${FAKE_REPLY}`);
    expect(backend.requests.at(-1)).toMatchObject({
      path: "/v1/completions",
      body: { model: "fake-base", prompt: "Once upon a time, ", stream: true },
    });
    await box(page).scrollIntoViewIfNeeded();
    await screenshot(page, "try-it-07-completion-light", false);
    expect(errors).toEqual([]);
  });

  it("a model whose only backend fails its health checks is temporarily unavailable", async () => {
    const page = await session.newPage(hub.url);
    await signIn(page, USER, PASSWORD);
    await page.goto(`/${DOWN}`);
    const note = box(page).getByTestId("try-it-unavailable");
    await note.waitFor();
    expect(await note.innerText()).toContain("temporarily unavailable");
    expect(await box(page).locator("#try-it-input").count()).toBe(0);
  });

  it("the panel's cURL snippet calls this hub's gateway and works with a hub token", async () => {
    const page = await session.newPage(hub.url, { height: 1500 });
    const errors = watchErrors(page);
    await page.goto(`/${CHAT}`);
    const panel = page.getByTestId("inference-panel");
    await panel.waitFor();
    const options = await optionValues(page);
    expect(options).toEqual(["this-hub", "this-hub:local", "this-hub:spare", "self-hosted"]);
    const note = await panel.getByTestId("token-note").innerText();
    expect(note).toContain("HF_TOKEN");
    expect(note).toContain("this hub");
    expect(await panel.getByRole("link", { name: "Settings → Access tokens" }).getAttribute("href")).toBe(
      "/settings/tokens",
    );
    expect(await panel.getByTestId("hub-endpoint-note").count()).toBe(0);
    await panel.getByRole("tab", { name: "cURL" }).click();
    await panel.locator('[data-testid="inference-snippet"] .copy-button').click();
    await panel.locator('[data-testid="inference-snippet"] .copy-button', { hasText: "Copied!" }).waitFor();
    const curl = await page.evaluate(() => navigator.clipboard.readText());
    expect(curl).toContain(`${hub.url}/v1/chat/completions`);
    expect(curl).toContain(`"model": "${CHAT}"`);
    expect(curl).toContain("$HF_TOKEN");
    expect(curl).not.toContain("router.huggingface.co");
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({
      path: path.join(SCREENSHOT_DIR, "try-it-05-hub-snippet.png"),
    });

    const { stdout } = await run("bash", ["-c", curl.replaceAll("$HF_TOKEN", token)], { timeout: 30_000 });
    const answer = JSON.parse(stdout) as { choices: { message: { content: string } }[] };
    expect(answer.choices[0].message.content).toBe(FAKE_REPLY);
    expect(backend.requests.at(-1)?.body.stream).toBeUndefined();

    // One backend by name: `model` is `id:backend`, and that backend answers.
    await page.locator("#inference-provider").selectOption("this-hub:spare");
    await expect.poll(() => panel.getByTestId("inference-snippet").innerText()).toContain(`"${CHAT}:spare"`);
    await panel.locator('[data-testid="inference-snippet"] .copy-button').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(`${CHAT}:spare`);
    const pinned = await page.evaluate(() => navigator.clipboard.readText());
    const { stdout: pinnedOut } = await run("bash", ["-c", pinned.replaceAll("$HF_TOKEN", token)], {
      timeout: 30_000,
    });
    expect((JSON.parse(pinnedOut) as typeof answer).choices[0].message.content).toBe(FAKE_REPLY);
    expect(backend.requests.at(-1)?.body.model).toBe("fake-chat-spare");
    expect(errors).toEqual([]);
  });

  it("dark mode; a rate-limited call shows the gateway's 429 message and when to retry", async () => {
    const page = await session.newPage(hub.url, { dark: true });
    const errors = watchErrors(page);
    await signIn(page, USER, PASSWORD);
    await page.goto(`/${CHAT}`);
    const error = box(page).getByTestId("try-it-error");
    for (let i = 0; i < REQUESTS_PER_MINUTE && (await error.count()) === 0; i++) {
      await send(page, `Message ${i}`);
      await Promise.race([
        box(page).getByRole("button", { name: "Send" }).waitFor({ timeout: 30_000 }),
        error.waitFor({ timeout: 30_000 }),
      ]);
    }
    await error.waitFor();
    const text = await error.innerText();
    expect(text).toContain(`at most ${REQUESTS_PER_MINUTE} inference requests per minute`);
    expect(text).toMatch(/(retry|try again) in \d+ s/i);
    // Nothing came back, so the refused message is back in the box, ready to send again.
    expect(await page.locator("#try-it-input").inputValue()).toMatch(/^Message \d$/);
    await box(page).scrollIntoViewIfNeeded();
    await screenshot(page, "try-it-06-chat-dark-429", false);
    expect(errors).toEqual([]);
  });
});
