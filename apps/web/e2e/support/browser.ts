import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { CHROMIUM, SCREENSHOT_DIR } from "./paths.js";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...ARGS, ...extraArgs], headless: true });
}

export async function newContext(
  browser: Browser,
  hubUrl: string,
  options: { width?: number; height?: number; dark?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: hubUrl,
    viewport: { width: options.width ?? 1360, height: options.height ?? 900 },
    colorScheme: options.dark ? "dark" : "light",
  });
  // Chromium grants the clipboard only to secure origins (localhost counts; http://hub.lan does not).
  await context
    .grantPermissions(["clipboard-read", "clipboard-write"], { origin: hubUrl })
    .catch(() => undefined);
  return context;
}

export async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/** Collects page errors so a test can assert the app never crashed. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Signs in through the web form and waits until the header shows the user. */
export async function signIn(page: Page, user: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Username").fill(user);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.locator(".user-name", { hasText: user }).waitFor();
}

/**
 * The browser of one test file and the pages it opened: `close` shuts them all, and a failed test
 * leaves a screenshot of the page it was on.
 */
export class BrowserSession {
  private browser: Browser | undefined;
  private readonly contexts: BrowserContext[] = [];
  private current: Page | undefined;

  /** `extraArgs` add Chromium flags (e.g. `--host-resolver-rules` to reach the hub by a LAN name). */
  async start(extraArgs: string[] = []): Promise<void> {
    this.browser = await launchBrowser(extraArgs);
  }

  /** A page in a fresh context (its own storage), which becomes the page a failure screenshot shows. */
  async newPage(hubUrl: string, options: Parameters<typeof newContext>[2] = {}): Promise<Page> {
    if (!this.browser) throw new Error("BrowserSession.start() was not called");
    const context = await newContext(this.browser, hubUrl, options);
    this.contexts.push(context);
    this.current = await context.newPage();
    return this.current;
  }

  async screenshotIfFailed(
    test: { task: { name: string; result?: { state?: string } } },
    prefix: string,
  ): Promise<void> {
    if (test.task.result?.state !== "fail" || !this.current || this.current.isClosed()) return;
    await screenshot(this.current, `failed-${prefix}-${test.task.name.slice(0, 30).replace(/\W+/g, "-")}`);
  }

  async close(): Promise<void> {
    for (const context of this.contexts) await context.close();
    await this.browser?.close();
  }
}
