import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, signIn, watchErrors } from "./support/browser.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] inference usage flow skipped: ${skipReason}`);

const USER = "usage-e2e";
const PASSWORD = "usage-e2e-password-1";
const ORG = "usage-lab";
const CHAT = `${USER}/tiny-chat`;
const OTHER = `${USER}/other-chat`;
const ADMIN_TOKEN = "hf_usage_e2e_site_admin_token_0001";

/** An OpenAI-compatible backend answering every chat call whole, with 11 prompt and 5 completion tokens. */
async function startBackend(): Promise<{ baseUrl: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "Content-Type": "application/json" });
      if (req.method === "GET") return void res.end('{"object":"list","data":[]}');
      res.end(
        JSON.stringify({
          id: "u-1",
          object: "chat.completion",
          created: 1_700_000_000,
          model: "tiny",
          choices: [{ index: 0, message: { role: "assistant", content: "hi" }, finish_reason: "stop" }],
          usage: { prompt_tokens: 11, completion_tokens: 5, total_tokens: 16 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server };
}

describe.skipIf(skipReason !== undefined)("inference usage pages in Chromium against the real hub", () => {
  let hub: RunningHub;
  let backend: { baseUrl: string; server: Server };
  let dir = "";
  const session = new BrowserSession();

  beforeAll(async () => {
    backend = await startBackend();
    dir = mkdtempSync(path.join(tmpdir(), "modelhub-usage-e2e-"));
    const config = path.join(dir, "inference.json");
    writeFileSync(
      config,
      JSON.stringify({
        backends: [
          {
            name: "local",
            kind: "openai-compatible",
            baseUrl: backend.baseUrl,
            models: { [CHAT]: "tiny", [OTHER]: "tiny" },
          },
        ],
      }),
    );
    hub = await startHub({
      seed: false,
      env: { MODELHUB_INFERENCE_CONFIG: config, MODELHUB_ADMIN_TOKEN: ADMIN_TOKEN },
    });
    const token = await hub.createUser(USER, PASSWORD);
    const api = (route: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${hub.url}${route}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
    for (const name of ["tiny-chat", "other-chat"])
      expect((await api("/api/repos/create", { type: "model", name })).status).toBe(200);
    expect((await api("/api/organizations/new", { name: ORG })).status).toBe(200);
    const chat = (model: string, headers?: Record<string, string>) =>
      api("/v1/chat/completions", { model, messages: [{ role: "user", content: "hi" }] }, headers);
    for (let i = 0; i < 3; i++) expect((await chat(CHAT)).status).toBe(200);
    expect((await chat(OTHER, { "X-HF-Bill-To": ORG })).status).toBe(200);
    await session.start();
  });

  afterAll(async () => {
    await session.close();
    await hub?.stop();
    await new Promise((resolve) => backend?.server.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  afterEach((test) => session.screenshotIfFailed(test, "inference-usage"));

  const total = (label: string) => `[data-testid="usage-totals"] [data-total="${label}"]`;

  for (const dark of [false, true]) {
    it(`shows the caller's totals and per-model table from the account menu (${dark ? "dark" : "light"})`, async () => {
      const page = await session.newPage(hub.url, { dark });
      const errors = watchErrors(page);
      await signIn(page, USER, PASSWORD);
      await page.getByLabel("Account menu").click();
      await page.getByRole("link", { name: "Inference usage" }).click();
      await page.waitForURL(/\/settings\/inference$/);
      await page.locator(total("Requests")).waitFor();
      expect(await page.locator(total("Requests")).innerText()).toBe("4");
      expect(await page.locator(total("Prompt tokens")).innerText()).toBe("44");
      expect(await page.locator(total("Total tokens")).innerText()).toBe("64");
      const rows = page.locator('[data-testid="usage-models"] tbody tr');
      expect(await rows.count()).toBe(2);
      expect(await page.locator(`[data-row="${CHAT}"] td`).allInnerTexts()).toEqual(
        expect.arrayContaining([CHAT, "3", "33", "15", "48"]),
      );
      // the page never offers the admin's backends page to a non-admin
      await page.getByLabel("Account menu").click();
      expect(await page.getByRole("link", { name: "Inference backends" }).count()).toBe(0);
      await page.keyboard.press("Escape");
      await screenshot(page, `inference-usage-${dark ? "dark" : "light"}`);
      expect(errors).toEqual([]);
    });
  }

  it("shows what was billed to the org on its Usage tab, per member for its admin", async () => {
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    await signIn(page, USER, PASSWORD);
    await page.goto(`/organizations/${ORG}/settings/members`);
    await page.getByRole("navigation", { name: "Organisation" }).getByRole("link", { name: "Usage" }).click();
    await page.waitForURL(new RegExp(`/organizations/${ORG}/settings/inference$`));
    await page.locator(total("Requests")).waitFor();
    expect(await page.locator(total("Requests")).innerText()).toBe("1");
    expect(await page.locator(`[data-testid="usage-models"] [data-row="${OTHER}"]`).count()).toBe(1);
    expect(await page.locator(`[data-testid="usage-users"] [data-row="${USER}"]`).count()).toBe(1);
    await screenshot(page, "inference-usage-org");
    expect(errors).toEqual([]);
  });

  it("shows the site admin the backends with status, models and the day's calls", async () => {
    await hub.createUser("admin", PASSWORD);
    const page = await session.newPage(hub.url, { dark: true });
    const errors = watchErrors(page);
    await signIn(page, "admin", PASSWORD);
    await page.getByLabel("Account menu").click();
    await page.getByRole("link", { name: "Inference backends" }).click();
    await page.waitForURL(/\/admin\/inference$/);
    const row = page.locator('[data-testid="admin-backends"] [data-backend="local"]');
    await row.waitFor();
    expect(await row.locator("[data-status]").innerText()).toBe("live");
    expect(await row.innerText()).toContain(CHAT);
    await page.getByRole("button", { name: "Check local now" }).click();
    await expect.poll(() => row.innerText()).toMatch(/ok · \d+ ms/);
    expect(await row.innerText()).not.toContain("127.0.0.1");
    await screenshot(page, "inference-admin-dark");
    expect(errors).toEqual([]);
  });
});
