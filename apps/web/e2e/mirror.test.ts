import { randomBytes } from "node:crypto";
import { createRepo, uploadFiles } from "@huggingface/hub";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, signIn, watchErrors } from "./support/browser.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] mirror pages skipped: ${skipReason}`);

const UPSTREAM_ADMIN = "hf_mirror_e2e_upstream_admin_000001";
const MIRROR_ADMIN = "hf_mirror_e2e_mirror_admin_00000001";
const PASSWORD = "mirror-e2e-password-1";
const MODEL = "upstream-lab/tiny-mirrored";
const MB = 1024 * 1024;

describe.skipIf(skipReason !== undefined)("upstream mirror pages in Chromium against two real hubs", () => {
  let upstream: RunningHub;
  let mirror: RunningHub;
  const session = new BrowserSession();

  beforeAll(async () => {
    upstream = await startHub({ seed: false, env: { MODELHUB_ADMIN_TOKEN: UPSTREAM_ADMIN } });
    const repo = { type: "model" as const, name: MODEL };
    // an org-owned repo, so the mirror's own "admin" is not its owner
    const org = await fetch(`${upstream.url}/api/organizations/new`, {
      method: "POST",
      headers: { Authorization: `Bearer ${UPSTREAM_ADMIN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "upstream-lab" }),
    });
    expect(org.status).toBe(200);
    await createRepo({ repo, accessToken: UPSTREAM_ADMIN, hubUrl: upstream.url });
    await uploadFiles({
      repo,
      accessToken: UPSTREAM_ADMIN,
      hubUrl: upstream.url,
      files: [
        {
          path: "README.md",
          content: new Blob([
            "---\nlibrary_name: transformers\npipeline_tag: text-generation\n---\n# Tiny mirrored\n",
          ]),
        },
        { path: "model.safetensors", content: new Blob([randomBytes(3 * MB)]) },
        { path: "tokenizer.bin", content: new Blob([randomBytes(MB)]) },
      ],
    });
    mirror = await startHub({
      seed: false,
      env: {
        MODELHUB_ADMIN_TOKEN: MIRROR_ADMIN,
        MODELHUB_UPSTREAM_URL: upstream.url,
        MODELHUB_UPSTREAM_TOKEN: UPSTREAM_ADMIN,
      },
    });
    await mirror.createUser("admin", PASSWORD);
    await session.start();
  }, 120_000);

  afterAll(async () => {
    await session.close();
    await mirror?.stop();
    await upstream?.stop();
  });

  afterEach((test) => session.screenshotIfFailed(test, "mirror"));

  it("lets the site admin pin a whole upstream repo and shows the cache", async () => {
    const page = await session.newPage(mirror.url);
    const errors = watchErrors(page);
    await signIn(page, "admin", PASSWORD);
    await page.getByLabel("Account menu").click();
    await page.getByRole("link", { name: "Upstream mirror" }).click();
    await page.waitForURL(/\/admin\/mirror$/);
    const upstreamLine = page.locator('[data-testid="mirror-upstream"]');
    await upstreamLine.waitFor();
    expect(await upstreamLine.innerText()).toContain(upstream.url);
    expect(await upstreamLine.locator("[data-state]").getAttribute("data-state")).toBe("reachable");
    await screenshot(page, "mirror-admin-empty");

    await page.getByLabel("Repo id").fill(MODEL);
    await page.getByRole("button", { name: "Pin (mirror whole repo)" }).click();
    const done = page.locator('[data-testid="pin-done"]');
    await done.waitFor({ timeout: 60_000 });
    expect(await done.innerText()).toContain("2 files");
    expect(await page.locator('[data-testid="pin-progress"]').innerText()).toContain("2 of 2 files");
    const row = page.locator(`[data-testid="mirror-repos"] [data-repo="${MODEL}"]`);
    await row.waitFor();
    expect(await row.locator("[data-pinned]").getAttribute("data-pinned")).toBe(String(4 * MB));
    expect(await page.locator('[data-total="Misses"]').innerText()).not.toBe("");
    await screenshot(page, "mirror-admin");
    expect(errors).toEqual([]);
  });

  for (const dark of [false, true]) {
    it(`marks a mirrored model as read-only on its page and in listings (${dark ? "dark" : "light"})`, async () => {
      const page = await session.newPage(mirror.url, { dark });
      const errors = watchErrors(page);
      await signIn(page, "admin", PASSWORD);
      await page.goto(`/${MODEL}`);
      const mark = page.locator('.repo-header [data-testid="mirror-mark"]');
      await mark.waitFor();
      expect(await mark.innerText()).toContain(`Mirrored from ${new URL(upstream.url).host}`);
      // a site admin sees no Upload or Settings tab on a mirror
      const tabs = page.getByRole("navigation", { name: "Repository sections" });
      expect(await tabs.getByRole("link", { name: "Upload" }).count()).toBe(0);
      expect(await tabs.getByRole("link", { name: "Settings" }).count()).toBe(0);
      await screenshot(page, `mirror-model-${dark ? "dark" : "light"}`);

      await tabs.getByRole("link", { name: "Files and versions" }).click();
      await page.locator('[data-testid="mirror-read-only"]').waitFor();
      expect(await page.getByText("Add file").count()).toBe(0);
      await page.getByRole("link", { name: "model.safetensors", exact: true }).click();
      await page.locator('[data-testid="mirror-read-only"]').waitFor();
      expect(await page.getByRole("button", { name: "Delete" }).count()).toBe(0);
      await page.goto(`/${MODEL}/tree/main`);
      await page.locator('[data-testid="mirror-read-only"]').waitFor();
      await page.getByRole("link", { name: "tokenizer.bin", exact: true }).waitFor();
      await screenshot(page, `mirror-files-${dark ? "dark" : "light"}`);

      await page.goto("/models?source=mirror");
      const card = page.locator('[data-testid="repo-card"]', { hasText: MODEL });
      await card.waitFor();
      expect(await card.locator('[data-testid="mirror-mark"]').count()).toBe(1);
      await screenshot(page, `mirror-listing-${dark ? "dark" : "light"}`);
      expect(errors).toEqual([]);
    });
  }
});
