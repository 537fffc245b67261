import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, signIn, watchErrors } from "./support/browser.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] web session flow skipped: ${skipReason}`);

const USER = "session-user";
const PASSWORD = "session-e2e-password-1";

describe.skipIf(skipReason !== undefined)("web sign-in session in Chromium against the real hub", () => {
  let hub: RunningHub;
  const session = new BrowserSession();

  beforeAll(async () => {
    hub = await startHub({ seed: false });
    await hub.createUser(USER, PASSWORD);
    await session.start();
  });

  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });

  afterEach((test) => session.screenshotIfFailed(test, "session"));

  it("keeps the session in an HttpOnly cookie, writes with CSRF, and signing out ends it", async () => {
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    await signIn(page, USER, PASSWORD);

    const cookie = (await page.context().cookies()).find((c) => c.name === "modelhub_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    expect(await page.evaluate(() => document.cookie)).not.toContain("modelhub_session");
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toMatch(/hf_|modelhub_session/);

    // a write from the page (the app sends the CSRF header)
    await page.goto("/new");
    await page.locator("#new-repo-name").fill("from-session");
    await page.getByRole("button", { name: "Create model" }).click();
    await page.waitForURL(new RegExp(`/${USER}/from-session$`));
    expect((await fetch(`${hub.url}/api/models/${USER}/from-session`)).status).toBe(200);

    // the same cookie without the CSRF header, as a forged cross-site form would send it, is refused
    const forged = await page.evaluate(async () => {
      const res = await fetch("/api/repos/create", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "forged" }),
      });
      return { status: res.status, body: (await res.json()) as { error: string } };
    });
    expect(forged.status).toBe(403);
    expect(forged.body.error).toMatch(/CSRF token/);

    // a reload finds the session again; the tokens page lists no token for this browser
    await page.goto("/settings/tokens");
    await page.locator('[data-testid="token-list"]').waitFor();
    expect(await page.locator('[data-testid="token-list"]').innerText()).not.toContain("web sign-in");

    // a second browser signs in; this one lists it and signs it out
    const other = await session.newPage(hub.url);
    await signIn(other, USER, PASSWORD);
    await page.reload();
    const sessions = page.locator('[data-testid="session-list"]');
    await sessions.getByText("Other browser").waitFor();
    expect(await sessions.innerText()).toContain("This browser");
    await screenshot(page, "session-01-tokens");
    await sessions.getByRole("button", { name: "Sign out this session" }).click();
    await sessions.getByText("Other browser").waitFor({ state: "detached" });
    await other.reload();
    await other.getByRole("link", { name: "Sign in" }).first().waitFor();

    await page.getByLabel("Account menu").click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("link", { name: "Sign in" }).first().waitFor();
    await screenshot(page, "session-02-signed-out");
    const replayed = await fetch(`${hub.url}/api/whoami-v2`, {
      headers: { Cookie: `modelhub_session=${cookie!.value}` },
    });
    expect(replayed.status).toBe(401);
    expect((await page.context().cookies()).find((c) => c.name === "modelhub_session")).toBeUndefined();
    expect(errors).toEqual([]);
  });
});
