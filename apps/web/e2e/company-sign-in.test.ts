import { createHmac } from "node:crypto";
import net from "node:net";
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, signIn, watchErrors } from "./support/browser.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] company sign-in skipped: ${skipReason}`);

const IDP_FIXTURE = fileURLToPath(new URL("../../server/test/sso/fixtures/oidc-idp.mjs", import.meta.url));
const CLIENT_ID = "modelhub-web";
const CLIENT_SECRET = "web-e2e-client-secret-0123456789abcdef";
const PASSWORD = "local-e2e-password-1";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/** RFC 6238 code (SHA-1, 6 digits, 30 s) of a base32 secret, as an authenticator app computes it. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const ch of secret.replace(/=+$/, "").toUpperCase())
    bits += alphabet.indexOf(ch).toString(2).padStart(5, "0");
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

async function startIdp(hubUrl: string): Promise<{ issuer: string; child: ChildProcess }> {
  const config = {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${hubUrl}/auth/oidc/callback`],
        post_logout_redirect_uris: [`${hubUrl}/`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    users: {
      alice: {
        sub: "web-alice",
        username: "alice@corp.example",
        password: "alice-idp-pw",
        name: "Alice Adams",
        email: "alice@corp.example",
        groups: ["ml-team"],
      },
    },
  };
  const child = spawn(process.execPath, [IDP_FIXTURE], {
    env: { ...process.env, IDP_CONFIG: JSON.stringify(config) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the test IdP did not start")), 30_000);
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (!line.startsWith("{")) return;
      clearTimeout(timer);
      resolve((JSON.parse(line) as { issuer: string }).issuer);
    });
    child.once("exit", (code) => reject(new Error(`the test IdP exited with ${code}`)));
  });
  return { issuer, child };
}

/** The sign-in form on any screen size (the header hides the user name on a phone). */
async function signInAnywhere(page: Page, user: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Username").fill(user);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel("Account menu").waitFor();
}

describe.skipIf(skipReason !== undefined)("company sign-in pages in Chromium", () => {
  let hub: RunningHub;
  let idp: { issuer: string; child: ChildProcess };
  let ownerToken: string;
  const session = new BrowserSession();

  beforeAll(async () => {
    const port = await freePort();
    idp = await startIdp(`http://127.0.0.1:${port}`);
    hub = await startHub({
      seed: false,
      port,
      env: {
        MODELHUB_OIDC_ISSUER: idp.issuer,
        MODELHUB_OIDC_CLIENT_ID: CLIENT_ID,
        MODELHUB_OIDC_CLIENT_SECRET: CLIENT_SECRET,
        MODELHUB_OIDC_SCOPES: "openid profile email groups",
        MODELHUB_OIDC_NAME: "Corp SSO",
        MODELHUB_SSO_GROUP_ROLES: "ml-team=acme:write",
      },
    });
    ownerToken = await hub.createUser("owner", PASSWORD);
    await hub.createUser("local-dev", PASSWORD);
    await session.start();
  }, 90_000);

  afterAll(async () => {
    await session.close();
    await hub?.stop();
    idp?.child.kill("SIGTERM");
  });

  afterEach((test) => session.screenshotIfFailed(test, "sso"));

  it("button → IdP login form → back signed in, in the mapped org", async () => {
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    await page.goto("/login?next=/settings/security");
    const button = page.getByRole("link", { name: "Sign in with Corp SSO" });
    await button.waitFor();
    await screenshot(page, "sso-01-sign-in-light");
    await button.click();
    await page.locator("#idp-username").waitFor();
    expect(page.url().startsWith(idp.issuer)).toBe(true);
    await page.locator("#idp-username").fill("alice@corp.example");
    await page.locator("#idp-password").fill("alice-idp-pw");
    await page.locator("#idp-submit").click();
    await page.waitForURL(`${hub.url}/settings/security`);
    await page.locator(".user-name", { hasText: "alice" }).waitFor();
    // an SSO account has no local password: its 2FA lives at the IdP
    await page.getByText("You sign in through your company").waitFor();
    const me = await page.evaluate(async () => (await fetch("/api/whoami-v2")).json());
    expect(me.orgs).toEqual([expect.objectContaining({ name: "acme", roleInOrg: "write" })]);
    await screenshot(page, "sso-02-signed-in-security-light");
    expect(errors).toEqual([]);
  });

  it("enrols a local account in 2FA from the account page, then signs in with a code", async () => {
    const page = await session.newPage(hub.url, { dark: true });
    const errors = watchErrors(page);
    await signIn(page, "local-dev", PASSWORD);
    await page.goto("/settings/security");
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    await screenshot(page, "sso-03-enrol-dark");
    await page.getByLabel("Code", { exact: true }).fill(totp(secret));
    await page.getByRole("button", { name: "Turn on" }).click();
    await page.getByTestId("recovery-codes").waitFor();
    expect(await page.getByTestId("recovery-codes").locator("li").count()).toBe(10);
    await screenshot(page, "sso-04-recovery-codes-dark");

    const fresh = await session.newPage(hub.url);
    await fresh.goto("/login");
    await fresh.getByLabel("Username").fill("local-dev");
    await fresh.getByLabel("Password").fill(PASSWORD);
    await fresh.getByRole("button", { name: "Sign in" }).click();
    await fresh.locator("#sign-in-code").waitFor();
    await screenshot(fresh, "sso-05-code-prompt-light");
    await fresh.locator("#sign-in-code").fill(totp(secret, Date.now() + 30_000));
    await fresh.getByRole("button", { name: "Verify" }).click();
    await fresh.locator(".user-name", { hasText: "local-dev" }).waitFor();
    expect(errors).toEqual([]);
  });

  it("an org admin sets the 2FA rule, a group mapping and a SCIM token; a member sees why content is hidden", async () => {
    await fetch(`${hub.url}/api/organizations/new`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ownerToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "lab" }),
    });
    const member = await hub.createUser("lab-member", PASSWORD);
    await fetch(`${hub.url}/api/organizations/lab/members`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ownerToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ user: "lab-member", role: "read" }),
    });
    expect(member).toMatch(/^hf_/);

    for (const [label, options] of [
      ["light", {}],
      ["dark", { dark: true }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      const page: Page = await session.newPage(hub.url, options);
      await signInAnywhere(page, "owner");
      await page.goto("/organizations/lab/settings/sso");
      await page.locator("#require-2fa").waitFor();
      if (label === "light") {
        await page.locator("#require-2fa").check();
        await page.getByRole("button", { name: "Add a mapping" }).click();
        await page.getByLabel("Group 1", { exact: true }).fill("research");
        await page.getByLabel("Role of group 1").selectOption("contributor");
        await page.getByRole("button", { name: "Save" }).click();
        await page.getByText("Saved.").waitFor();
        await page.getByRole("button", { name: "Create SCIM token" }).click();
        await page.getByTestId("new-scim-token").waitFor();
        expect(await page.getByTestId("new-scim-token").textContent()).toMatch(/^scim_/);
      }
      await screenshot(page, `sso-06-org-settings-${label}`);
    }
    const saved = await (
      await fetch(`${hub.url}/api/organizations/lab/settings/sso`, {
        headers: { Authorization: `Bearer ${ownerToken}` },
      })
    ).json();
    expect(saved).toMatchObject({ require2fa: true, mappings: [{ group: "research", role: "contributor" }] });

    const page = await session.newPage(hub.url, { width: 390, height: 844 });
    await signInAnywhere(page, "lab-member");
    await page.getByText("lab requires two-factor authentication").waitFor();
    await screenshot(page, "sso-07-blocked-banner-phone");
  });
});
