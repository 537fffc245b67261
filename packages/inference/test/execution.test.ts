import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ModelData } from "@modelhub/tasks";
import { getInferenceSnippets, type InferenceProviderMapping, type SnippetOptions } from "../src/index.js";
import {
  CHAT_COMPLETION,
  bytes,
  chatStream,
  json,
  startRecordingServer,
  type RecordedRequest,
  type RecordingServer,
  type Responder,
} from "./exec/recording-server.js";
import { SAMPLE_FILES, cleanRuns, runSnippet, type RunResult } from "./exec/run-snippet.js";

/** Quotes of every language, shell expansions, a backslash, a newline and non-ASCII text. */
const HOSTILE = `It's "quoted" """triple""" \`tick\` $(echo pwned) \${HOME} {x} back\\slash\nsecond line ✓`;
const TOKEN = "hf_exec_token";
const PNG = Buffer.from("\u0089PNG\r\n\u001a\nanswer-image", "latin1");

interface ExecCase {
  name: string;
  model: ModelData;
  provider: string;
  mapping?: InferenceProviderMapping;
  /** Options given the server's base URL. */
  options(base: string): SnippetOptions;
  /** For providers without endpoints: this URL in the snippet is pointed at the server. */
  replaceUrl?: string;
  clients: string[];
  respond: Responder;
  checkRequest(request: RecordedRequest, client: string): void;
  checkOutput(result: RunResult, client: string): void;
}

const jsonBody = (request: RecordedRequest): unknown => JSON.parse(request.body.toString("utf8"));
const printed = (text: string) => (result: RunResult) => expect(result.stdout).toContain(text);

const chatModel: ModelData = {
  id: "meta-llama/Llama-3.1-8B-Instruct",
  pipeline_tag: "text-generation",
  tags: ["conversational"],
};
const chatMessages = [{ role: "user", content: HOSTILE }];

const CASES: ExecCase[] = [
  {
    name: "text classification (JSON in, JSON out)",
    model: { id: "distilbert/sst2", pipeline_tag: "text-classification" },
    provider: "hf-inference",
    options: (base) => ({ endpointUrl: `${base}/classify`, inputs: HOSTILE }),
    clients: ["curl", "requests", "fetch", "huggingface.js"],
    respond: json([[{ label: "POSITIVE", score: 0.99 }]]),
    checkRequest(request) {
      expect(request.path).toBe("/classify");
      expect(request.headers["content-type"]).toContain("application/json");
      expect(jsonBody(request)).toMatchObject({ inputs: HOSTILE });
    },
    checkOutput: printed("POSITIVE"),
  },
  {
    name: "speech recognition (audio upload)",
    model: { id: "openai/whisper-large-v3", pipeline_tag: "automatic-speech-recognition" },
    provider: "hf-inference",
    options: (base) => ({ endpointUrl: `${base}/asr` }),
    clients: ["curl", "requests", "fetch", "huggingface.js"],
    respond: json({ text: "hello from audio" }),
    checkRequest(request, client) {
      expect(request.path).toBe("/asr");
      expect(request.body.equals(SAMPLE_FILES["sample1.flac"])).toBe(true);
      if (client !== "huggingface.js") expect(request.headers["content-type"]).toBe("audio/flac");
    },
    checkOutput: printed("hello from audio"),
  },
  {
    name: "chat completion",
    model: chatModel,
    provider: "hf-inference",
    options: (base) => ({
      endpointUrl: base,
      messages: chatMessages,
      temperature: 0.5,
      max_tokens: 64,
      billTo: "org's team",
    }),
    clients: ["curl", "requests", "fetch", "openai", "huggingface.js"],
    respond: json(CHAT_COMPLETION),
    checkRequest(request) {
      expect(request.path).toBe("/v1/chat/completions");
      expect(request.headers["x-hf-bill-to"]).toBe("org's team");
      expect(jsonBody(request)).toMatchObject({ messages: chatMessages, temperature: 0.5, max_tokens: 64 });
    },
    checkOutput: printed("Paris is the capital."),
  },
  {
    name: "chat completion, streamed",
    model: chatModel,
    provider: "hf-inference",
    options: (base) => ({ endpointUrl: `${base}/v1`, messages: chatMessages, streaming: true }),
    clients: ["curl", "requests", "openai", "huggingface.js"],
    respond: chatStream(["Par", "is!"]),
    checkRequest(request) {
      expect(request.path).toBe("/v1/chat/completions");
      expect(jsonBody(request)).toMatchObject({ messages: chatMessages, stream: true });
    },
    checkOutput(result, client) {
      // curl shows the raw events; the clients print the text pieces in order.
      expect(result.stdout).toContain(client === "curl" ? '"content":"Par"' : "Paris!");
    },
  },
  {
    name: "text to image (binary answer saved to a file)",
    model: { id: "black-forest-labs/FLUX.1-dev", pipeline_tag: "text-to-image" },
    provider: "hf-inference",
    options: (base) => ({ endpointUrl: `${base}/t2i`, inputs: HOSTILE, accessToken: "hf_literal'token" }),
    clients: ["requests", "fetch", "huggingface.js"],
    respond: bytes(PNG, "image/png"),
    checkRequest(request) {
      expect(request.headers.authorization).toBe("Bearer hf_literal'token");
      expect(jsonBody(request)).toMatchObject({ inputs: HOSTILE });
    },
    checkOutput(result) {
      const file = join(result.dir, "output.png");
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file).equals(PNG)).toBe(true);
    },
  },
  {
    name: "zero-shot classification (prompt and labels)",
    model: { id: "facebook/bart-large-mnli", pipeline_tag: "zero-shot-classification" },
    provider: "hf-inference",
    options: (base) => ({ endpointUrl: `${base}/zs`, inputs: HOSTILE, billTo: "org" }),
    clients: ["curl", "requests", "fetch"],
    respond: json([{ label: "refund", score: 0.9 }]),
    checkRequest(request) {
      expect(jsonBody(request)).toEqual({
        inputs: HOSTILE,
        parameters: { candidate_labels: ["refund", "legal", "faq"] },
      });
      expect(request.headers["x-hf-bill-to"]).toBe("org");
    },
    checkOutput: printed("refund"),
  },
  {
    name: "image to image (image sent as base64 in JSON)",
    model: { id: "a/edit", pipeline_tag: "image-to-image" },
    provider: "hf-inference",
    options: (base) => ({ endpointUrl: `${base}/i2i` }),
    clients: ["requests", "fetch", "huggingface.js"],
    respond: bytes(PNG, "image/png"),
    checkRequest(request) {
      expect(jsonBody(request)).toEqual({
        inputs: SAMPLE_FILES["cat.png"].toString("base64"),
        parameters: { prompt: "Turn the cat into a tiger." },
      });
    },
    checkOutput(result) {
      expect(readFileSync(join(result.dir, "output.png")).equals(PNG)).toBe(true);
    },
  },
  {
    name: "transcription through a provider (multipart upload)",
    model: { id: "openai/whisper-large-v3", pipeline_tag: "automatic-speech-recognition" },
    provider: "together",
    mapping: {
      provider: "together",
      hfModelId: "openai/whisper-large-v3",
      providerId: "openai/whisper-large-v3",
      status: "live",
      task: "automatic-speech-recognition",
    },
    options: () => ({ directRequest: true }),
    replaceUrl: "https://api.together.xyz/v1/audio/transcriptions",
    clients: ["curl", "requests", "fetch"],
    respond: json({ text: "multipart ok" }),
    checkRequest(request) {
      expect(request.path).toBe("/v1/audio/transcriptions");
      expect(request.headers.authorization).toBe("Bearer together_key");
      expect(request.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
      const body = request.body.toString("latin1");
      expect(body).toContain('name="file"');
      expect(body).toContain(SAMPLE_FILES["sample1.flac"].toString("latin1"));
      expect(body).toMatch(/name="model"\r\n\r\nopenai\/whisper-large-v3\r\n/);
    },
    checkOutput: printed("multipart ok"),
  },
  {
    name: "replicate prediction (input wrapping, Prefer: wait)",
    model: { id: "black-forest-labs/FLUX.1-schnell", pipeline_tag: "text-to-image" },
    provider: "replicate",
    mapping: {
      provider: "replicate",
      hfModelId: "black-forest-labs/FLUX.1-schnell",
      providerId: "black-forest-labs/flux-schnell",
      status: "live",
      task: "text-to-image",
    },
    options: () => ({ inputs: HOSTILE }),
    replaceUrl:
      "https://router.huggingface.co/replicate/v1/models/black-forest-labs/flux-schnell/predictions",
    clients: ["fetch"],
    respond: json({ output: ["https://example.com/image.png"] }),
    checkRequest(request) {
      expect(request.path).toBe("/replicate/v1/models/black-forest-labs/flux-schnell/predictions");
      expect(request.headers.prefer).toBe("wait");
      expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(jsonBody(request)).toEqual({ input: { prompt: HOSTILE } });
    },
    checkOutput: printed("https://example.com/image.png"),
  },
  {
    name: "fal-ai speech recognition (audio as a data URL in JSON, curl included)",
    model: { id: "openai/whisper-large-v3", pipeline_tag: "automatic-speech-recognition" },
    provider: "fal-ai",
    mapping: {
      provider: "fal-ai",
      hfModelId: "openai/whisper-large-v3",
      providerId: "fal-ai/whisper",
      status: "live",
      task: "automatic-speech-recognition",
    },
    options: () => ({}),
    replaceUrl: "https://router.huggingface.co/fal-ai/fal-ai/whisper",
    clients: ["curl", "requests", "fetch"],
    respond: json({ text: "fal heard it" }),
    checkRequest(request) {
      expect(request.path).toBe("/fal-ai/fal-ai/whisper");
      expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(request.headers["content-type"]).toBe("application/json");
      expect(jsonBody(request)).toEqual({
        audio_url: `data:audio/flac;base64,${SAMPLE_FILES["sample1.flac"].toString("base64")}`,
      });
    },
    checkOutput: printed("fal heard it"),
  },
  {
    name: "zai-org image to text (image as a data URL in JSON, curl included)",
    model: { id: "zai-org/GLM-OCR", pipeline_tag: "image-to-text" },
    provider: "zai-org",
    mapping: {
      provider: "zai-org",
      hfModelId: "zai-org/GLM-OCR",
      providerId: "glm-ocr",
      status: "live",
      task: "image-to-text",
    },
    options: () => ({}),
    replaceUrl: "https://router.huggingface.co/zai-org/api/paas/v4/layout_parsing",
    clients: ["curl", "requests", "fetch"],
    respond: json({ md_results: "a cat" }),
    checkRequest(request) {
      expect(request.headers["x-source-channel"]).toBe("hugging_face");
      expect(jsonBody(request)).toEqual({
        model: "glm-ocr",
        file: `data:image/jpeg;base64,${SAMPLE_FILES["cats.jpg"].toString("base64")}`,
      });
    },
    checkOutput: printed("a cat"),
  },
  {
    name: "image segmentation (image bytes as the body)",
    model: { id: "nvidia/segformer-b0", pipeline_tag: "image-segmentation" },
    provider: "hf-inference",
    options: (base) => ({ endpointUrl: `${base}/seg` }),
    clients: ["curl", "requests", "fetch"],
    respond: json([{ label: "cat", score: 0.9, mask: "iVBOR" }]),
    checkRequest(request) {
      expect(request.path).toBe("/seg");
      expect(request.headers["content-type"]).toBe("image/jpeg");
      expect(request.body.equals(SAMPLE_FILES["cats.jpg"])).toBe(true);
    },
    checkOutput: printed("cat"),
  },
];

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
  cleanRuns();
});

describe("snippets run for real against a recording server", () => {
  for (const testCase of CASES) {
    describe(testCase.name, () => {
      for (const client of testCase.clients) {
        it(client, async () => {
          const snippets = getInferenceSnippets(
            testCase.model,
            testCase.provider,
            testCase.mapping,
            testCase.options(server.url),
          );
          // The JS openai client runs here (the Python one is not installed).
          const snippet = snippets.find(
            (s) => s.client === client && (client !== "openai" || s.language === "js"),
          );
          expect(snippet, `no ${client} snippet`).toBeDefined();
          if (!snippet) return;
          const content = testCase.replaceUrl
            ? snippet.content
                .split(testCase.replaceUrl)
                .join(`${server.url}${new URL(testCase.replaceUrl).pathname}`)
            : snippet.content;
          server.respondWith(testCase.respond);
          const before = server.requests.length;
          const result = await runSnippet(
            { ...snippet, content },
            {
              API_TOKEN: TOKEN,
              HF_TOKEN: TOKEN,
              TOGETHER_API_KEY: "together_key",
            },
          );
          const made = server.requests.slice(before);
          expect(made.length, `${result.stderr}\n${content}`).toBe(1);
          const request = made[0];
          expect(request.method).toBe("POST");
          if (!testCase.options("").accessToken && !testCase.replaceUrl)
            expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
          testCase.checkRequest(request, client);
          expect(result.code, result.stderr).toBe(0);
          testCase.checkOutput(result, client);
        });
      }
    });
  }
});
