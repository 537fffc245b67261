import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { LOCAL_APPS, fileTypeCode, type ModelData } from "@modelhub/tasks";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { writeGguf, type GgufValue } from "../../server/src/seed/catalogue/files/gguf-writer.js";
import { BrowserSession, screenshot, watchErrors } from "./support/browser.js";
import { commitFiles, createRepo } from "./support/fixtures.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { SCREENSHOT_DIR, missingPrerequisite } from "./support/paths.js";

const run = promisify(execFile);
const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] local apps skipped: ${skipReason}`);

const USER = "local-apps-user";
const PASSWORD = "local-apps-password-1";
const REPO = `${USER}/Tiny-Chat-GGUF`;

/** A GGUF header with no tensors (the seed's writer) whose file type matches the quant in its name. */
function tinyGguf(quant: string): Uint8Array {
  const fileType = fileTypeCode(quant);
  if (fileType === undefined) throw new Error(`unknown quant ${quant}`);
  const metadata: [string, GgufValue][] = [
    ["general.architecture", { kind: "string", value: "llama" }],
    ["general.name", { kind: "string", value: "Tiny Chat" }],
    ["general.file_type", { kind: "u32", value: fileType }],
    ["llama.context_length", { kind: "u32", value: 2048 }],
    [
      "tokenizer.chat_template",
      { kind: "string", value: "{% for m in messages %}{{ m.content }}{% endfor %}" },
    ],
  ];
  return writeGguf(metadata, 256);
}

const Q4 = tinyGguf("Q4_K_M");
const Q8 = tinyGguf("Q8_0");

describe.skipIf(skipReason !== undefined)("local apps on a GGUF model page in Chromium", () => {
  let hub: RunningHub;
  let info: ModelData;
  const session = new BrowserSession();

  beforeAll(async () => {
    hub = await startHub({ seed: false });
    const token = await hub.createUser(USER, PASSWORD);
    await createRepo(hub.url, token, "model", REPO);
    await commitFiles(hub.url, token, "model", REPO, [
      {
        path: "README.md",
        content: "---\nlicense: mit\n---\n# Tiny chat (GGUF)\n\nA GGUF repo for the local apps test.\n",
      },
      { path: "Tiny-Chat-Q4_K_M.gguf", content: Q4 },
      { path: "Tiny-Chat-Q8_0.gguf", content: Q8 },
    ]);
    const response = await fetch(`${hub.url}/api/models/${REPO}`);
    expect(response.status).toBe(200);
    info = (await response.json()) as ModelData;
    await session.start();
  });

  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });

  afterEach((test) => session.screenshotIfFailed(test, "local-apps"));

  async function openModel(dark = false): Promise<{ page: Page; errors: string[] }> {
    const page = await session.newPage(hub.url, { dark });
    const errors = watchErrors(page);
    await page.goto(`/${REPO}`);
    await page.locator('[data-testid="local-apps"]').waitFor();
    return { page, errors };
  }

  async function copyCommand(page: Page, index: number, part: "setup" | "command"): Promise<string> {
    const block = page.locator('[data-testid="local-app-snippet"]').nth(index).locator(`.local-app-${part}`);
    await block.locator(".copy-button").click();
    await block.locator(".copy-button", { hasText: "Copied!" }).waitFor();
    return page.evaluate(() => navigator.clipboard.readText());
  }

  it("the hub knows the repo as GGUF, with both files", () => {
    expect(info.tags).toContain("gguf");
    expect(info.siblings?.map((s) => s.rfilename)).toEqual(
      expect.arrayContaining(["Tiny-Chat-Q4_K_M.gguf", "Tiny-Chat-Q8_0.gguf"]),
    );
  });

  it("copies the llama.cpp command the package generates, for the default and a chosen quant", async () => {
    const { page, errors } = await openModel();
    const card = page.locator('[data-testid="local-apps"]');
    await card.getByLabel("App").selectOption("llama.cpp");
    const quant = card.getByLabel("Quantization");
    expect(await quant.inputValue()).toBe("Tiny-Chat-Q4_K_M.gguf");

    const expected = LOCAL_APPS["llama.cpp"].snippet(info, {
      hubUrl: hub.url,
      file: "Tiny-Chat-Q4_K_M.gguf",
    });
    expect(expected[0].content).toBe(`MODEL_ENDPOINT='${hub.url}' llama-server -hf '${REPO}:Q4_K_M'`);
    expect(await copyCommand(page, 0, "command")).toBe(expected[0].content);
    expect(await copyCommand(page, 1, "command")).toBe(expected[1].content);
    await screenshot(page, "local-apps-00-model-page-light");
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: screenshotPath("local-apps-01-llama-cpp-light") });

    await quant.selectOption("Tiny-Chat-Q8_0.gguf");
    const q8 = LOCAL_APPS["llama.cpp"].snippet(info, { hubUrl: hub.url, file: "Tiny-Chat-Q8_0.gguf" });
    expect(await copyCommand(page, 0, "command")).toBe(q8[0].content);
    expect(q8[0].content).toContain(`'${REPO}:Q8_0'`);
    expect(errors).toEqual([]);
  });

  it("serves what llama.cpp's -hf download reads from its endpoint", async () => {
    const refs = (await (await fetch(`${hub.url}/api/models/${REPO}/refs`)).json()) as {
      branches: { name: string; targetCommit: string }[];
    };
    const main = refs.branches.find((b) => b.name === "main");
    expect(main?.targetCommit).toMatch(/^[0-9a-f]{40}$/);
    const tree = (await (
      await fetch(`${hub.url}/api/models/${REPO}/tree/${main?.targetCommit}?recursive=true`)
    ).json()) as { type: string; path: string }[];
    expect(tree.filter((e) => e.type === "file").map((e) => e.path)).toContain("Tiny-Chat-Q4_K_M.gguf");
  });

  it("gives Ollama a download from this hub that really fetches the chosen file", async () => {
    const { page, errors } = await openModel(true);
    const card = page.locator('[data-testid="local-apps"]');
    await card.getByLabel("App").selectOption("ollama");
    await card.getByLabel("Quantization").selectOption("Tiny-Chat-Q8_0.gguf");
    const expected = LOCAL_APPS.ollama.snippet(info, { hubUrl: hub.url, file: "Tiny-Chat-Q8_0.gguf" });
    const setup = await copyCommand(page, 0, "setup");
    expect(setup).toBe(expected[0].setup);
    expect(setup).toContain(`${hub.url}/${REPO}/resolve/main/Tiny-Chat-Q8_0.gguf`);
    expect(await copyCommand(page, 0, "command")).toBe(expected[0].content);
    expect(await card.getByTestId("local-app-source").innerText()).toContain(
      "downloads the file from this hub",
    );
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: screenshotPath("local-apps-02-ollama-dark") });

    // Run the copied download step with the real curl against the real hub.
    const work = mkdtempSync(path.join(tmpdir(), "local-apps-e2e-"));
    try {
      await run("bash", ["-c", setup], { cwd: work, env: { PATH: process.env.PATH ?? "/usr/bin:/bin" } });
      expect(new Uint8Array(readFileSync(path.join(work, "Tiny-Chat-Q8_0.gguf")))).toEqual(Q8);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    expect(errors).toEqual([]);
  });
});

function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}
