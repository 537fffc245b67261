import type { Frame, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, signIn, watchErrors } from "./support/browser.js";
import { commitFiles, createRepo } from "./support/fixtures.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] space isolation skipped: ${skipReason}`);

const VIEWER = "space-viewer";
const PASSWORD = "space-viewer-password-1";
const AUTHOR = "space-author";
const SECRET = "TOP-SECRET-7f3a";

/**
 * A hostile static space: it tries every way out that the security review found (and a few more) and
 * writes what each attempt got into `#out`, so the test reads the verdicts from inside the frame.
 */
const PROBE_SCRIPT = `
const results = {};
const attempt = async (name, run) => {
  try { results[name] = String(await run()); } catch (error) { results[name] = "blocked"; }
};
const read = async (url, init) => {
  const response = await fetch(url, init);
  return response.status + ":" + (await response.text()).slice(0, 200);
};
(async () => {
  await attempt("own-data", () => read("data.json"));
  await attempt("whoami", () => read("/api/whoami-v2", { credentials: "include" }));
  await attempt("whoami-relative", () => read("../../../../whoami-v2", { credentials: "include" }));
  await attempt("whoami-encoded", () => read("x%2F..%2F..%2F..%2F..%2F..%2Fapi%2Fwhoami-v2"));
  await attempt("secret-absolute", () => read(location.origin + "/${VIEWER}/secret-model/resolve/main/secret.txt", { credentials: "include" }));
  await attempt("secret-encoded", () => read("x%2F..%2F..%2F..%2F..%2F..%2F..%2F..%2F${VIEWER}%2Fsecret-model%2Fresolve%2Fmain%2Fsecret.txt"));
  await attempt("other-site", () => read("https://example.org/"));
  await attempt("origin", () => self.origin);
  await attempt("cookie", () => document.cookie);
  await attempt("storage", () => localStorage.length);
  await attempt("parent", () => (window.parent === window ? "none" : window.parent.document.title));
  results.styled = getComputedStyle(document.body).color;
  const image = document.querySelector("img");
  results.image = image.complete && image.naturalWidth > 0 ? "loaded" : "missing";
  document.getElementById("out").textContent = JSON.stringify(results);
})();
`;

const SPACE_FILES = [
  {
    path: "README.md",
    content: "---\ntitle: Probe\nsdk: static\napp_file: index.html\n---\n\nA space that tries to get out.\n",
  },
  {
    path: "index.html",
    content:
      '<!doctype html><html><head><link rel="stylesheet" href="style.css"></head>' +
      '<body><h1>Probe</h1><img src="pixel.svg" alt=""><pre id="out"></pre><script src="probe.js"></script></body></html>',
  },
  { path: "style.css", content: "body { color: rgb(1, 2, 3); }" },
  {
    path: "pixel.svg",
    content:
      '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>',
  },
  { path: "data.json", content: '{"own":"data"}' },
  { path: "probe.js", content: PROBE_SCRIPT },
];

async function probeResults(frame: Frame): Promise<Record<string, string>> {
  const out = frame.locator("#out");
  await out.filter({ hasText: "{" }).waitFor();
  return JSON.parse(await out.innerText()) as Record<string, string>;
}

function expectContained(results: Record<string, string>): void {
  expect(results["own-data"]).toBe('200:{"own":"data"}');
  expect(results.styled).toBe("rgb(1, 2, 3)");
  expect(results.image).toBe("loaded");
  expect(results.origin).toBe("null");
  for (const name of ["whoami", "whoami-relative", "secret-absolute", "other-site", "cookie", "storage"])
    expect(results[name], name).toBe("blocked");
  // framed: the hub page is out of reach; opened on its own: there is no parent
  expect(["blocked", "none"]).toContain(results.parent);
  // encoded traversal stays inside the space prefix and finds nothing there
  for (const name of ["whoami-encoded", "secret-encoded"]) expect(results[name], name).toMatch(/^404:/);
  expect(JSON.stringify(results)).not.toContain(SECRET);
  expect(JSON.stringify(results)).not.toContain(VIEWER + '"');
}

describe.skipIf(skipReason !== undefined)("a static space cannot reach the viewer's data (Chromium)", () => {
  let hub: RunningHub;
  const session = new BrowserSession();

  beforeAll(async () => {
    hub = await startHub({ seed: false });
    const viewerToken = await hub.createUser(VIEWER, PASSWORD);
    const authorToken = await hub.createUser(AUTHOR, "space-author-password-1");
    await createRepo(hub.url, viewerToken, "model", `${VIEWER}/secret-model`, { private: true });
    await commitFiles(hub.url, viewerToken, "model", `${VIEWER}/secret-model`, [
      { path: "secret.txt", content: SECRET },
    ]);
    await createRepo(hub.url, authorToken, "space", `${AUTHOR}/probe`, { sdk: "static" });
    await commitFiles(hub.url, authorToken, "space", `${AUTHOR}/probe`, SPACE_FILES);
    for (const [name, head] of [
      ["dark-aware", '<meta name="color-scheme" content="light dark">'],
      ["light-only", ""],
    ]) {
      await createRepo(hub.url, authorToken, "space", `${AUTHOR}/${name}`, { sdk: "static" });
      await commitFiles(hub.url, authorToken, "space", `${AUTHOR}/${name}`, [
        { path: "README.md", content: "---\nsdk: static\n---\n" },
        {
          path: "index.html",
          content: `<!doctype html><html><head>${head}</head><body><p id="t">Readable text</p></body></html>`,
        },
      ]);
    }
    await createRepo(hub.url, viewerToken, "space", `${VIEWER}/own-private`, {
      sdk: "static",
      private: true,
    });
    await commitFiles(hub.url, viewerToken, "space", `${VIEWER}/own-private`, SPACE_FILES);
    await session.start();
  });
  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });
  afterEach((test) => session.screenshotIfFailed(test, "space-isolation"));

  const spaceFrame = async (page: Page): Promise<Frame> => {
    const element = await page.locator('[data-testid="space-frame"]').elementHandle();
    const frame = await element?.contentFrame();
    if (!frame) throw new Error("no space frame");
    return frame;
  };

  it("runs the author's files for a signed-in viewer and keeps every way out shut", async () => {
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    await signIn(page, VIEWER, PASSWORD);
    await page.goto(`/spaces/${AUTHOR}/probe`);
    const frame = await spaceFrame(page);
    const results = await probeResults(frame);
    expectContained(results);
    expect(new URL(frame.url()).pathname).toMatch(
      new RegExp(`^/api/spaces/${AUTHOR}/probe/app/[0-9a-f]{40}\\.\\d+\\.[\\w-]{43}/index\\.html$`),
    );
    // the hub's own page carries its policy and cannot be framed by other sites
    const pageResponse = await page.request.get(`/spaces/${AUTHOR}/probe`);
    expect(pageResponse.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(pageResponse.headers()["x-frame-options"]).toBe("DENY");
    await screenshot(page, "space-isolation-01-probe");
    expect(errors).toEqual([]);
  });

  it("stays sandboxed when its address is opened on its own", async () => {
    const page = await session.newPage(hub.url);
    await signIn(page, VIEWER, PASSWORD);
    await page.goto(`/api/spaces/${AUTHOR}/probe/app`);
    expect(new URL(page.url()).pathname).toMatch(/\/app\/[0-9a-f]{40}\./);
    expectContained(await probeResults(page.mainFrame()));
  });

  /** Mean brightness (0–255) of the frame's bottom-right corner, decoded by the browser itself. */
  const cornerBrightness = async (page: Page): Promise<number> => {
    const png = await page.locator('[data-testid="space-frame"]').screenshot();
    return page.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext("2d");
      if (!context) return -1;
      context.drawImage(image, 0, 0);
      const [r, g, b] = context.getImageData(image.width - 20, image.height - 20, 1, 1).data;
      return (r + g + b) / 3;
    }, png.toString("base64"));
  };

  it("follows the page's dark theme: a dark-aware app is dark and readable, a light-only one stays light", async () => {
    const page = await session.newPage(hub.url, { dark: true });
    await page.goto(`/spaces/${AUTHOR}/dark-aware`);
    const dark = await spaceFrame(page);
    await dark.locator("#t").waitFor();
    expect(await dark.evaluate(() => getComputedStyle(document.body).color)).toBe("rgb(255, 255, 255)");
    expect(await cornerBrightness(page)).toBeLessThan(80);
    await screenshot(page, "space-isolation-03-dark-aware");

    await page.goto(`/spaces/${AUTHOR}/light-only`);
    const light = await spaceFrame(page);
    await light.locator("#t").waitFor();
    expect(await light.evaluate(() => getComputedStyle(document.body).color)).toBe("rgb(0, 0, 0)");
    expect(await cornerBrightness(page)).toBeGreaterThan(200);
  });

  it("runs the viewer's own private space, which nobody else can open", async () => {
    const page = await session.newPage(hub.url);
    await signIn(page, VIEWER, PASSWORD);
    await page.goto(`/spaces/${VIEWER}/own-private`);
    expectContained(await probeResults(await spaceFrame(page)));
    await screenshot(page, "space-isolation-02-private");
    const anonymous = await fetch(`${hub.url}/api/spaces/${VIEWER}/own-private/app`, { redirect: "manual" });
    expect(anonymous.status).toBe(401); // anonymous: 401 for what it cannot see, like the Hub
  });
});
