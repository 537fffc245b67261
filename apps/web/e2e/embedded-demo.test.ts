import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, signIn, watchErrors } from "./support/browser.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] embedded demo skipped: ${skipReason}`);

const run = promisify(execFile);
const TINY = "modelhub-demo/tiny-llama-chat-GGUF";
const USER = "first-visitor";
const PASSWORD = "first-visitor-pass-1";

/**
 * The "done when", as a new user meets it: a hub started like `npm start` (demo catalogue, no
 * inference config), sign in, the tiny GGUF's page streams an answer from the built-in llama.cpp
 * backend, and the panel's cURL snippet answers from a shell with the user's hub token.
 */
describe.skipIf(skipReason !== undefined)("the demo's runnable model, out of the box, in Chromium", () => {
  let hub: RunningHub;
  let token = "";
  const session = new BrowserSession();

  beforeAll(async () => {
    hub = await startHub();
    await hub.seeded;
    token = await hub.createUser(USER, PASSWORD);
    await session.start();
  });
  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });
  afterEach((test) => session.screenshotIfFailed(test, "embedded-demo"));

  const box = (page: Page) => page.getByTestId("try-it");

  it("streams an answer in the try-it box, from the embedded backend", async () => {
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    await signIn(page, USER, PASSWORD);
    await page.goto(`/${TINY}`);
    await box(page).getByText("embedded", { exact: false }).first().waitFor();
    await page.locator("#try-it-maxTokens").fill("24");
    await page.locator("#try-it-input").fill("Hello there");
    await box(page).getByRole("button", { name: "Send" }).click();
    // Send comes back when the stream has ended (the first call also loads llama.cpp and the model).
    await box(page).getByRole("button", { name: "Send" }).waitFor({ timeout: 60_000 });
    const answer = await box(page).locator('[data-role="assistant"] .try-it-text').first().innerText();
    expect(answer.trim().length).toBeGreaterThan(0);
    expect(await box(page).locator('[role="alert"]').count()).toBe(0);
    await screenshot(page, "embedded-demo-01-try-it", false);
    expect(errors).toEqual([]);
  });

  it("the panel offers this hub first, and its cURL snippet answers with the user's hub token", async () => {
    const page = await session.newPage(hub.url, { height: 1500 });
    await page.goto(`/${TINY}`);
    const panel = page.getByTestId("inference-panel");
    await panel.waitFor();
    expect(await page.locator("#inference-provider").inputValue()).toBe("this-hub");
    await panel.getByRole("tab", { name: "cURL" }).click();
    const curl = await panel.getByTestId("inference-snippet").locator("pre code").innerText();
    expect(curl).toContain(`${hub.url}/v1/chat/completions`);
    expect(curl).toContain(`"model": "${TINY}"`);
    const { stdout } = await run("bash", ["-c", curl], {
      env: { ...process.env, HF_TOKEN: token },
      timeout: 60_000,
    });
    const answer = JSON.parse(stdout) as {
      model: string;
      choices: { message: { content: string } }[];
      usage: { completion_tokens: number };
    };
    expect(answer.model).toBe(TINY);
    expect(answer.usage.completion_tokens).toBeGreaterThan(0);
    expect(typeof answer.choices[0].message.content).toBe("string");
  });
});
