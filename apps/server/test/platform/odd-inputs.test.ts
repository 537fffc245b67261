import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

const INDEX = `<!doctype html><title>ModelHub</title><script>document.documentElement.dataset.x = "1";</script><div id=root></div>`;

describe.each(DIALECTS)("odd inputs answer 4xx with a JSON error, never 500 (%s)", (dialect) => {
  let hub: TestHub;
  let webDir = "";
  let alice = "";

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "modelhub-web-"));
    fs.writeFileSync(path.join(webDir, "index.html"), INDEX);
    hub = await startTestHub({ dialect, env: { MODELHUB_WEB_DIR: webDir } });
    alice = await hub.tokenFor("alice");
    const files = [{ path: "model.bin", content: "weights", encoding: "utf-8" }];
    expect((await postJson(`${hub.url}/api/repos/create`, { name: "m", files }, alice)).status).toBe(200);
  });
  afterAll(async () => {
    await hub?.stop();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const expectError = async (res: Response, status: number, pattern: RegExp) => {
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: string }).error).toMatch(pattern);
  };

  it.each([
    ["/api/models?sort=__proto__", /Unknown sort "__proto__"/],
    ["/api/models?sort=constructor", /Unknown sort/],
    ["/api/models?expand[]=__proto__", /^"expand" must be one of \[.*\bsafetensors\b.*\]$/],
    ["/api/models?expand=toString", /^"expand" must be one of \[/],
    ["/api/datasets?expand=safetensors", /^"expand" must be one of \[(?!.*safetensors).*\]$/],
    ["/api/models/alice/m?expand[]=__proto__", /"expand" must be one of \[/],
    ["/api/models/alice/m?expand=hasOwnProperty", /"expand" must be one of \[/],
  ])("%s → 400", async (url, pattern) => {
    await expectError(await fetch(`${hub.url}${url}`), 400, pattern);
  });

  it("accepts the expand names the Hub accepts, and the client's sort spelling", async () => {
    const expanded = await fetch(`${hub.url}/api/models?expand[]=downloads&expand[]=safetensors&expand=gguf`);
    expect(expanded.status).toBe(200);
    expect((await fetch(`${hub.url}/api/models?sort=trending_score`)).status).toBe(200);
  });

  it.each(["/alice/%E0%A4%A", "/%FF", "/api/models/alice/%E0%A4%A", "/alice/m/resolve/main/%C0"])(
    "malformed percent-encoding in %s → 400",
    async (url) => {
      await expectError(await fetch(`${hub.url}${url}`), 400, /percent-encoded/);
    },
  );

  it.each(["null", "[]", "42", '"paths"', "true"])("paths-info with the JSON body %s → 400", async (body) => {
    const res = await fetch(`${hub.url}/api/models/alice/m/paths-info/main`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
    });
    await expectError(res, 400, /JSON object/);
  });

  it("JSON bodies that nest too deep or carry NUL are refused before anything reads them", async () => {
    const deep = `{"name":${"[".repeat(100)}${"]".repeat(100)}}`;
    const post = (body: string) =>
      fetch(`${hub.url}/api/organizations/new`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${alice}` },
        body,
      });
    await expectError(await post(deep), 400, /nests deeper than 64 levels/);
    await expectError(await post('{"name":"nul-org","fullname":"a\\u0000b"}'), 400, /NUL character/);
    // an escaped backslash before u0000 is ordinary text
    expect((await post('{"name":"slash-org","fullname":"a\\\\u0000b"}')).status).toBe(200);
  });

  it.each([
    "/api/models?search=a%00b",
    "/api/models?author=%00",
    "/api/models/alice/m%00",
    "/alice/m/resolve/main/%00",
  ])("NUL in %s → 400", async (url) => {
    await expectError(await fetch(`${hub.url}${url}`), 400, /NUL character/);
  });

  it("repo info takes Python's blobs=True (huggingface_hub 0.36) like blobs=true", async () => {
    for (const spelling of ["True", "true", "1"]) {
      const info = (await (await fetch(`${hub.url}/api/models/alice/m?blobs=${spelling}`)).json()) as {
        siblings: { rfilename: string; size?: number }[];
      };
      expect(info.siblings.find((s) => s.rfilename === "model.bin")?.size, spelling).toBe(7);
    }
  });

  it("web pages carry a CSP that allows the hashed inline theme script, and refuse framing", async () => {
    for (const url of ["/", "/alice/m", "/no/such-page"]) {
      const res = await fetch(`${hub.url}${url}`);
      const policy = res.headers.get("Content-Security-Policy") ?? "";
      expect(policy, url).toContain("frame-ancestors 'none'");
      expect(policy, url).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/]+=*'/);
      expect(policy, url).not.toContain("'unsafe-inline' 'unsafe-eval'");
      expect(res.headers.get("X-Frame-Options"), url).toBe("DENY");
    }
  });
});
