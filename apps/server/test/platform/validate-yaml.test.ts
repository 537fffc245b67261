import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_VALIDATE_YAML_BYTES } from "../../src/http/routes/validate-yaml.js";
import { DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

interface Findings {
  error?: string;
  errors: { message: string }[];
  warnings: { message: string }[];
}

/**
 * `POST /api/validate-yaml`, which huggingface_hub calls before every upload that carries a README.md:
 * 200 with `warnings` when the card is usable, 400 with `errors` (read into a ValueError) when not.
 */
describe.each(DIALECTS)("POST /api/validate-yaml (%s)", (dialect) => {
  let hub: TestHub;
  let token: string;

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    token = await hub.tokenFor("yaml-user", "read");
  });
  afterAll(() => hub?.stop());

  const validate = (body: unknown, auth: string | undefined = token) =>
    postJson(`${hub.url}/api/validate-yaml`, body, auth);

  it("accepts a well-formed card with no findings, signed in or not", async () => {
    const content = "---\nlicense: mit\ntags:\n- text\nlibrary_name: transformers\n---\n# Title\n";
    for (const auth of [token, undefined]) {
      const res = await validate({ content, repoType: "model" }, auth);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ errors: [], warnings: [] });
    }
    const dataset = await validate({ content: "---\nconfigs: []\n---\n", repoType: "dataset" });
    expect(dataset.status).toBe(200);
  });

  it("warns about a card without metadata, and about fields of the wrong type", async () => {
    for (const content of ["# Just a title\n", "---\n---\nbody\n", ""]) {
      const res = await validate({ content, repoType: "model" });
      expect(res.status, content).toBe(200);
      const body = (await res.json()) as Findings;
      expect(body.errors).toEqual([]);
      expect(body.warnings[0].message).toMatch(/missing yaml metadata/i);
    }
    const typed = await validate({ content: "---\ntags: [1, 2]\npipeline_tag: [a]\n---\n" });
    expect(typed.status).toBe(200);
    const body = (await typed.json()) as Findings;
    expect(body.warnings.map((w) => w.message)).toEqual([
      '"pipeline_tag" should be a string',
      '"tags" should be a string or a list of strings',
    ]);
  });

  it.each([
    ["invalid YAML", "---\nlicense: [unclosed\n---\n", /Invalid YAML/],
    ["a duplicated key", "---\nlicense: mit\nlicense: apache-2.0\n---\n", /Invalid YAML/],
    ["a list instead of a mapping", "---\n- a\n- b\n---\n", /must be a mapping/],
    ["a block that is never closed", "---\nlicense: mit\n# Title\n", /not closed/],
  ])("refuses %s with 400, error and errors[]", async (_label, content, pattern) => {
    const res = await validate({ content, repoType: "model" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Findings;
    expect(body.error).toMatch(pattern);
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].message).toMatch(pattern);
    expect(res.headers.get("X-Error-Message")).toMatch(pattern);
  });

  it("refuses malformed requests with 400", async () => {
    for (const body of [{}, { content: 42 }, { content: "x", repoType: "kernel" }, ["content"]]) {
      const res = await validate(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as Findings).errors).toHaveLength(1);
    }
    const notJson = await fetch(`${hub.url}/api/validate-yaml`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{content",
    });
    expect(notJson.status).toBe(400);
  });

  it("refuses a licence the Hub does not know, naming the allowed values, in JSON and 0.x's form body", async () => {
    const content = "---\nlicense: asdf\n---\n# Title\n";
    const res = await validate({ content, repoType: "model" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Findings;
    expect(body.errors[0].message).toMatch(/^"license" must be one of \[apache-2\.0, mit, .*\bother\]$/);

    const form = await fetch(`${hub.url}/api/validate-yaml`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/plain" },
      body: new URLSearchParams({ repoType: "model", content }).toString(),
    });
    expect(form.status).toBe(400);
    expect(await form.text()).toMatch(/^- Error: "license" must be one of \[/);
    const good = await fetch(`${hub.url}/api/validate-yaml`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ content: "---\nlicense: [mit, other]\n---\n" }).toString(),
    });
    expect(good.status).toBe(200);
  });

  it("bounds the body at 1 MiB (413), with or without Content-Length", async () => {
    const justUnder = await validate({ content: "---\nlicense: mit\n---\n" + "y".repeat(900 * 1024) });
    expect(justUnder.status).toBe(200);
    // the hub answers 413 before reading the rest, so this test sends nothing after those
    const content = `---\nlicense: mit\n---\n${"x".repeat(MAX_VALIDATE_YAML_BYTES)}`;
    const res = await validate({ content });
    expect(res.status).toBe(413);
    expect(((await res.json()) as Findings).error).toMatch(/larger than/);
    const encoded = new TextEncoder().encode(JSON.stringify({ content }));
    const streamed = await fetch(`${hub.url}/api/validate-yaml`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < encoded.length; at += 64 * 1024)
            controller.enqueue(encoded.subarray(at, at + 64 * 1024));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    expect(streamed.status).toBe(413);
  });
});
