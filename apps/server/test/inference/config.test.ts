import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Output } from "../../src/cli/context.js";
import { runCli } from "../../src/cli/run.js";
import { ConfigError, resolveConfig } from "../../src/config/config.js";

describe("inference config file (MODELHUB_INFERENCE_CONFIG)", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-inference-config-"));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const write = (name: string, content: unknown) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
    return file;
  };
  const backend = (extra: Record<string, unknown> = {}) => ({
    name: "vllm",
    kind: "openai-compatible",
    baseUrl: "http://127.0.0.1:8000/v1/",
    models: { "acme/tiny-chat": "tiny" },
    ...extra,
  });
  const configOf = (file: string, env: Record<string, string> = {}) =>
    resolveConfig({ data: dir }, { MODELHUB_INFERENCE_CONFIG: file, ...env });

  it("reads backends, resolves apiKeyEnv and applies defaults", () => {
    const file = write("good.json", { backends: [backend({ apiKeyEnv: "VLLM_KEY" })] });
    const config = configOf(file, { VLLM_KEY: "secret" });
    expect(config.inference).toEqual({
      backends: [
        {
          name: "vllm",
          kind: "openai-compatible",
          baseUrl: "http://127.0.0.1:8000/v1",
          apiKey: "secret",
          models: { "acme/tiny-chat": "tiny" },
          timeoutMs: 120_000,
        },
      ],
      limits: { requestsPerMinute: 60, monthlyTokenQuota: undefined },
    });
    // Without a file: the embedded backend for the demo model, unless switched off.
    expect(
      resolveConfig({ data: dir }, {}).inference?.backends.map((b) => [b.name, b.kind, b.models]),
    ).toEqual([
      [
        "embedded",
        "embedded",
        {
          "modelhub-demo/tiny-llama-chat-GGUF": "modelhub-demo/tiny-llama-chat-GGUF",
          "modelhub-demo/tiny-llama-embed-GGUF": "modelhub-demo/tiny-llama-embed-GGUF",
        },
      ],
    ]);
    expect(resolveConfig({ data: dir }, { MODELHUB_EMBEDDED_INFERENCE: "0" }).inference).toBeUndefined();
  });

  it.each([
    ["missing.json", undefined, /cannot be read \(ENOENT\)/],
    ["not-json.json", "{ backends: ", /is not valid JSON/],
    [
      "bad-url.json",
      { backends: [backend({ baseUrl: "ftp://x" })] },
      /backends\[0\]\.baseUrl: must be an http\(s\) URL/,
    ],
    ["bad-kind.json", { backends: [backend({ kind: "magic" })] }, /backends\[0\]\.kind/],
    [
      "bad-model.json",
      { backends: [backend({ models: { "no-slash": "x" } })] },
      /keys must be hub model ids/,
    ],
    ["no-models.json", { backends: [backend({ models: {} })] }, /must map at least one hub model id/],
    [
      "both-keys.json",
      { backends: [backend({ apiKey: "a", apiKeyEnv: "B" })] },
      /set apiKey or apiKeyEnv, not both/,
    ],
    [
      "unset-env.json",
      { backends: [backend({ apiKeyEnv: "NOT_SET_ANYWHERE" })] },
      /apiKeyEnv names NOT_SET_ANYWHERE, which is not set/,
    ],
    [
      "dupes.json",
      { backends: [backend(), backend({ name: "VLLM" })] },
      /backends\[1\]\.name: duplicate name "VLLM"/,
    ],
    ["extra-key.json", { backends: [], limits: { requestsPerHour: 5 } }, /limits/],
    ["bad-limit.json", { backends: [], limits: { requestsPerMinute: 0 } }, /limits\.requestsPerMinute/],
  ])("refuses %s with a clear one-line error", (name, content, message) => {
    const file = content === undefined ? path.join(dir, name) : write(name, content);
    let error: unknown;
    try {
      configOf(file);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as Error).message;
    expect(text).toMatch(message);
    expect(text).toMatch(/^MODELHUB_INFERENCE_CONFIG file /);
    expect(text).not.toContain("\n");
  });

  it("fails start-up with that one line", async () => {
    const stderr: string[] = [];
    const io: Output = { out: () => undefined, err: (line: string) => void stderr.push(line) };
    const file = write("start.json", { backends: [backend({ baseUrl: "not a url" })] });
    const code = await runCli(["serve", "--data", dir], { MODELHUB_INFERENCE_CONFIG: file }, io);
    expect(code).toBe(1);
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toMatch(
      /^modelhub: MODELHUB_INFERENCE_CONFIG file .*start\.json: backends\[0\]\.baseUrl/,
    );
  });
});
