import http from "node:http";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, signIn, watchErrors } from "./support/browser.js";
import { createRepo } from "./support/fixtures.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] webhooks skipped: ${skipReason}`);

const OWNER = "hook-owner";
const PASSWORD = "hook-owner-password-1";
const REPO = `${OWNER}/watched-model`;

interface Hit {
  secret: string | undefined;
  body: { event: { scope: string }; repo: { headSha?: string } };
}

/** A receiver on 127.0.0.1 that records what it gets and can be told to fail the next request. */
async function startReceiver() {
  const hits: Hit[] = [];
  let failNext = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      hits.push({
        secret: req.headers["x-webhook-secret"] as string | undefined,
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Hit["body"],
      });
      if (failNext > 0) {
        failNext--;
        res.writeHead(503).end("busy, try later");
      } else res.writeHead(200).end("thanks");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    hits,
    port: (server.address() as AddressInfo).port,
    failOnce: () => (failNext = 1),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function git(args: string[], cwd: string, home: string): Promise<{ code: number; err: string }> {
  return new Promise((resolve) => {
    const child = spawn("git", args, {
      cwd,
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: home,
        GIT_CONFIG_NOSYSTEM: "1",
        GIT_TERMINAL_PROMPT: "0",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let err = "";
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, err });
    });
  });
}

describe.skipIf(skipReason !== undefined)("webhooks from the web app (Chromium)", () => {
  let hub: RunningHub;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let token = "";
  let home = "";
  const session = new BrowserSession();

  const pushCommit = async (file: string) => {
    const clone = path.join(home, "clone");
    await git(["-C", clone, "pull", "--quiet"], home, home);
    await git(["-C", clone, "commit", "--quiet", "--allow-empty", "-m", `touch ${file}`], home, home);
    const pushed = await git(["-C", clone, "push", "--quiet", "origin", "main"], home, home);
    expect(pushed.code, pushed.err).toBe(0);
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    hub = await startHub({
      seed: false,
      env: {
        MODELHUB_WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${receiver.port}`,
        MODELHUB_WEBHOOK_RETRY_BASE_MS: "500",
      },
    });
    token = await hub.createUser(OWNER, PASSWORD);
    await createRepo(hub.url, token, "model", REPO);
    home = mkdtempSync(path.join(tmpdir(), "webhook-e2e-git-"));
    for (const [key, value] of [
      ["user.name", "Hook Owner"],
      ["user.email", "owner@example.com"],
      ["init.defaultBranch", "main"],
    ])
      await git(["config", "--global", key, value], home, home);
    const url = hub.url.replace("http://", `http://${OWNER}:${token}@`);
    expect(
      (await git(["clone", "--quiet", `${url}/${REPO}`, path.join(home, "clone")], home, home)).code,
    ).toBe(0);
    await session.start();
  });
  afterAll(async () => {
    await session.close();
    await hub?.stop();
    await receiver?.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });
  afterEach((test) => session.screenshotIfFailed(test, "webhooks"));

  it("creates a webhook on a repo, shows a pushed commit's delivery, a retried one and a replay", async () => {
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    await signIn(page, OWNER, PASSWORD);
    await page.goto(`/${REPO}/settings`);
    await page.getByRole("link", { name: "Add a webhook for this repo" }).click();
    await page.waitForURL("**/settings/webhooks?watch=*");
    expect(await page.getByLabel("Name of watched item 1").inputValue()).toBe(REPO);
    await page.getByLabel("Target URL").fill(`http://127.0.0.1:${receiver.port}/hook`);
    await page.getByLabel("Secret (optional)").fill("shh-secret");
    await screenshot(page, "webhooks-01-new");
    await page.getByRole("button", { name: "Create webhook" }).click();
    await page.waitForURL(/\/settings\/webhooks\/[0-9a-f]{24}$/);
    await page.getByText("No deliveries yet").waitFor();

    await pushCommit("first");
    const deliveries = page.getByTestId("webhook-delivery");
    await deliveries.first().and(page.locator('[data-state="succeeded"]')).waitFor({ timeout: 15_000 });
    expect(receiver.hits).toHaveLength(1);
    expect(receiver.hits[0].secret).toBe("shh-secret");
    expect(receiver.hits[0].body.event.scope).toBe("repo.content");
    await deliveries.first().locator("summary").click();
    await deliveries.first().getByText('"scope": "repo.content"').waitFor();
    await screenshot(page, "webhooks-02-delivered");

    receiver.failOnce();
    await pushCommit("second");
    const retried = deliveries.filter({ hasText: "(retried)" });
    await retried.and(page.locator('[data-state="succeeded"]')).waitFor({ timeout: 15_000 });
    await retried.locator("summary").click();
    const attempts = retried.getByTestId("webhook-attempt");
    expect(await attempts.count()).toBe(2);
    expect(await attempts.nth(0).innerText()).toContain("503");
    expect(await attempts.nth(0).innerText()).toContain("the receiver answered 503");
    expect(await attempts.nth(1).innerText()).toContain("200");
    expect(receiver.hits).toHaveLength(3);
    await screenshot(page, "webhooks-03-retried");

    await retried.getByRole("button", { name: "Replay" }).click();
    await retried.getByText("Queued again as a new delivery.").waitFor();
    await deliveries.filter({ hasText: "· replay" }).and(page.locator('[data-state="succeeded"]')).waitFor({
      timeout: 15_000,
    });
    expect(receiver.hits).toHaveLength(4);
    expect(receiver.hits[3].body).toEqual(receiver.hits[2].body);

    await page.getByRole("button", { name: "Disable" }).click();
    await page.getByRole("button", { name: "Enable" }).waitFor();
    await page.getByText("disabled", { exact: true }).first().waitFor();
    await page.getByRole("button", { name: "Enable" }).click();
    await page.getByRole("button", { name: "Disable" }).waitFor();
    expect(errors).toEqual([]);
  });

  it("reads well in dark mode and on a phone, and deletes the webhook", async () => {
    const dark = await session.newPage(hub.url, { dark: true });
    await signIn(dark, OWNER, PASSWORD);
    await dark.goto("/settings/webhooks");
    await dark.getByTestId("webhook-list").waitFor();
    await dark.getByTestId("webhook-list").getByRole("link").first().click();
    await dark.getByTestId("webhook-delivery").first().waitFor();
    await dark.getByTestId("webhook-delivery").filter({ hasText: "(retried)" }).locator("summary").click();
    await screenshot(dark, "webhooks-04-dark");

    const phone = await session.newPage(hub.url);
    await signIn(phone, OWNER, PASSWORD);
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(dark.url().replace(hub.url, ""));
    await phone.getByTestId("webhook-delivery").first().locator("summary").click();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone, "webhooks-05-phone");

    phone.once("dialog", (dialog) => void dialog.accept());
    await phone.getByRole("button", { name: "Delete webhook" }).click();
    await phone.waitForURL(/\/settings\/webhooks$/);
    await phone.getByText("No webhooks yet").waitFor();
  });
});
