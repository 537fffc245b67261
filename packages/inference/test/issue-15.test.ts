import { afterEach, describe, expect, it, vi } from "vitest";
import { checkJavaScript, checkPython, checkShell, checkTypeScript } from "@modelhub/testkit";
import { jsString, jsValue, jsonValue, pyString, pyValue } from "@modelhub/tasks";
import type { ModelData, PipelineType } from "@modelhub/tasks";
import {
  getInferenceSnippets,
  type InferenceProviderMapping,
  type InferenceSnippet,
  type SnippetOptions,
} from "../src/index.js";

afterEach(() => vi.restoreAllMocks());

const CHAT_CLIENTS = ["openai", "huggingface_hub", "requests", "openai", "huggingface.js", "fetch", "curl"];

const model = (id: string, pipeline_tag: PipelineType, tags: string[] = []): ModelData => ({
  id,
  pipeline_tag,
  tags,
});

function mapping(
  provider: string,
  task: string,
  extra: Partial<InferenceProviderMapping> = {},
): InferenceProviderMapping {
  return {
    provider,
    hfModelId: "org/model",
    providerId: `${provider}-id/model`,
    status: "live",
    task,
    ...extra,
  };
}

const pick = (snippets: InferenceSnippet[], client: string, language?: string) =>
  snippets.find((s) => s.client === client && (language === undefined || s.language === language))?.content ??
  "";

/** Every snippet parses in its language (Python ast, acorn + TypeScript, bash -n); one process per language. */
function expectValidSyntax(snippets: InferenceSnippet[]): void {
  const python = snippets.filter((s) => s.language === "python");
  const pythonProblems = checkPython(python.map((s) => s.content));
  python.forEach((s, i) => expect(pythonProblems[i], `${s.client}\n${s.content}`).toBeNull());
  for (const s of snippets.filter((s) => s.language === "js")) {
    expect(checkJavaScript(s.content) ?? checkTypeScript(s.content), `${s.client}\n${s.content}`).toBeNull();
  }
  for (const s of snippets.filter((s) => s.language === "sh")) {
    expect(checkShell(s.content), s.content).toBeNull();
  }
}

describe("the provider mapping decides chat mode (issue #15)", () => {
  const untagged = model("org/model", "text-generation");
  const vision = model("org/vision", "image-text-to-text");

  it.each(["baseten", "cerebras", "groq", "cohere", "fireworks-ai", "publicai"])(
    "chat-only %s serves an untagged text-generation model mapped as conversational",
    (provider) => {
      const snippets = getInferenceSnippets(untagged, provider, mapping(provider, "conversational"));
      expect(snippets.map((s) => s.client)).toEqual(CHAT_CLIENTS);
      expect(pick(snippets, "requests")).toContain("https://router.huggingface.co/v1/chat/completions");
      expect(pick(snippets, "requests")).toContain(`"model": "org/model:${provider}"`);
      expectValidSyntax(snippets);
    },
  );

  it("providers serving both get chat snippets, not text completion, when the mapping says chat", () => {
    const chat = getInferenceSnippets(untagged, "together", mapping("together", "conversational"));
    expect(chat.map((s) => s.client)).toEqual(CHAT_CLIENTS);
    expect(pick(chat, "curl")).toContain('"messages": [');
    const completion = getInferenceSnippets(untagged, "together", mapping("together", "text-generation"));
    expect(completion.map((s) => s.client)).not.toContain("openai");
    expect(pick(completion, "curl")).toContain('"prompt":');
  });

  it("an image-text-to-text model mapped as conversational gets vision chat snippets", () => {
    const snippets = getInferenceSnippets(vision, "novita", mapping("novita", "conversational"), {
      streaming: true,
    });
    // fetch has no streaming snippet.
    expect(snippets.map((s) => s.client)).toEqual(CHAT_CLIENTS.filter((c) => c !== "fetch"));
    expect(pick(snippets, "openai", "python")).toContain("stream=True");
    expectValidSyntax(snippets);
  });

  it("only the mapping of the provider asked for counts", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(getInferenceSnippets(untagged, "groq", mapping("together", "conversational"))).not.toContainEqual(
      expect.objectContaining({ client: "openai" }),
    );
    expect(getInferenceSnippets(untagged, "cerebras", mapping("together", "conversational"))).toEqual([]);
    expect(log).toHaveBeenCalledWith(expect.stringContaining("cerebras (text-generation)"));
  });

  it("auto follows the first live mapping it is given, not a staging one", () => {
    const live = getInferenceSnippets(untagged, "auto", mapping("groq", "conversational"));
    expect(live.map((s) => s.client)).toEqual(CHAT_CLIENTS);
    expect(pick(live, "curl")).toContain('"model": "org/model"');
    const staging = getInferenceSnippets(
      untagged,
      "auto",
      mapping("groq", "conversational", { status: "staging" }),
    );
    expect(staging.map((s) => s.client)).toEqual(["huggingface_hub", "huggingface.js"]);
    expect(pick(staging, "huggingface_hub")).toContain("text_generation(");
  });
});

describe("endpointUrl works for every provider (issue #15)", () => {
  const chatModel = model("meta-llama/Llama-3.1-8B-Instruct", "text-generation", ["conversational"]);
  const ENDPOINT = "http://localhost:8000/v1";

  it.each(["together", "groq", "cerebras", "fal-ai", "openai", "novita", "auto", "hf-inference"])(
    "%s: the chat snippets of every client call the endpoint with the Hub id",
    (provider) => {
      const options: SnippetOptions = { endpointUrl: ENDPOINT };
      const snippets = getInferenceSnippets(
        chatModel,
        provider,
        provider === "auto" ? undefined : mapping(provider, "conversational"),
        options,
      );
      expect(snippets.map((s) => s.client)).toEqual(CHAT_CLIENTS);
      for (const snippet of snippets) {
        expect(snippet.content).toContain("http://localhost:8000/v1");
        expect(snippet.content).not.toContain("router.huggingface.co");
        expect(snippet.content).not.toContain(`${provider}-id/model`);
        expect(snippet.content).toContain("meta-llama/Llama-3.1-8B-Instruct");
        expect(snippet.content).toContain("API_TOKEN");
      }
      expect(pick(snippets, "curl")).toContain("'http://localhost:8000/v1/chat/completions'");
      expect(pick(snippets, "openai", "python")).toContain('base_url="http://localhost:8000/v1"');
      expect(pick(snippets, "huggingface.js")).toContain('endpointUrl: "http://localhost:8000/v1"');
      expectValidSyntax(snippets);
    },
  );

  it("streaming and settings reach the endpoint snippets too", () => {
    const snippets = getInferenceSnippets(chatModel, "groq", mapping("groq", "conversational"), {
      endpointUrl: "http://127.0.0.1:8080",
      streaming: true,
      temperature: 0.3,
    });
    expect(pick(snippets, "requests")).toContain('API_URL = "http://127.0.0.1:8080/v1/chat/completions"');
    expect(pick(snippets, "requests")).toContain('"stream": True');
    expect(pick(snippets, "openai", "js")).toContain("temperature: 0.3");
    expectValidSyntax(snippets);
  });

  it("an untagged model whose mapping says chat gets chat snippets at the endpoint", () => {
    const snippets = getInferenceSnippets(
      model("org/model", "text-generation"),
      "groq",
      mapping("groq", "conversational"),
      { endpointUrl: ENDPOINT },
    );
    expect(snippets.map((s) => s.client)).toEqual(CHAT_CLIENTS);
  });

  it("non-chat tasks post to the endpoint as an Inference Endpoint", () => {
    const snippets = getInferenceSnippets(
      model("openai/whisper-large-v3", "automatic-speech-recognition"),
      "fal-ai",
      mapping("fal-ai", "automatic-speech-recognition"),
      { endpointUrl: "https://asr.example.org" },
    );
    expect(pick(snippets, "curl")).toContain("curl 'https://asr.example.org'");
    expect(pick(snippets, "curl")).toContain("--data-binary '@sample1.flac'");
    expectValidSyntax(snippets);
  });
});

describe("the closed-source openai provider refuses HF tokens (issue #15)", () => {
  const gptOss = model("openai/gpt-oss-120b", "text-generation", ["conversational"]);
  const openaiMapping = mapping("openai", "conversational", { providerId: "gpt-oss-120b" });

  it("an HF token gives no snippets and a clear error, whatever else is asked", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const options of [
      { accessToken: "hf_abc" },
      { accessToken: "hf_abc", directRequest: true },
      { accessToken: "hf_abc", streaming: true },
    ]) {
      expect(getInferenceSnippets(gptOss, "openai", openaiMapping, options)).toEqual([]);
    }
    expect(log).toHaveBeenCalledWith(
      "Failed to get provider helper for openai (conversational): " +
        "Provider openai is closed-source and does not support HF tokens. " +
        "Use an API key of openai (a direct request) instead.",
    );
  });

  it("with an OpenAI key every snippet calls api.openai.com directly with that key", () => {
    const snippets = getInferenceSnippets(gptOss, "openai", openaiMapping, { accessToken: "sk-test" });
    expect(snippets.map((s) => s.client)).toEqual(CHAT_CLIENTS);
    expect(pick(snippets, "curl")).toContain("curl 'https://api.openai.com/v1/chat/completions'");
    expect(pick(snippets, "curl")).toContain("-H 'Authorization: Bearer sk-test'");
    expect(pick(snippets, "curl")).toContain('"model": "gpt-oss-120b"');
    for (const snippet of snippets) {
      expect(snippet.content).not.toContain("router.huggingface.co");
      expect(snippet.content).not.toContain("HF_TOKEN");
    }
    expectValidSyntax(snippets);
  });

  it("without a token the snippets read OPENAI_API_KEY, never HF_TOKEN", () => {
    const snippets = getInferenceSnippets(gptOss, "openai", openaiMapping);
    expect(snippets.length).toBeGreaterThan(0);
    for (const snippet of snippets) {
      expect(snippet.content).toContain("OPENAI_API_KEY");
      expect(snippet.content).not.toContain("HF_TOKEN");
      expect(snippet.content).not.toContain("router.huggingface.co");
    }
  });

  it("auto never falls back to the closed-source provider", () => {
    const snippets = getInferenceSnippets(gptOss, "auto", openaiMapping);
    expect(pick(snippets, "curl")).toContain("https://router.huggingface.co/v1/chat/completions");
    expect(pick(snippets, "curl")).toContain('"model": "openai/gpt-oss-120b"');
  });
});

describe("curl snippets for binary-input tasks (issue #15)", () => {
  const curlOf = (task: PipelineType, provider: string, options: SnippetOptions = {}) =>
    pick(getInferenceSnippets(model("org/model", task), provider, mapping(provider, task), options), "curl");

  it("hf-inference image segmentation uploads the image bytes", () => {
    const curl = curlOf("image-segmentation", "hf-inference");
    expect(curl).toContain("-H 'Content-Type: image/jpeg'");
    expect(curl).toContain("--data-binary '@cats.jpg'");
    expect(checkShell(curl)).toBeNull();
  });

  it.each<[PipelineType, string, string]>([
    ["image-segmentation", "fal-ai", '"image_url": "data:image/jpeg;base64,'],
    ["automatic-speech-recognition", "fal-ai", '"audio_url": "data:audio/flac;base64,'],
    ["audio-to-audio", "fal-ai", '"audio_url": "data:audio/flac;base64,'],
    ["image-to-text", "zai-org", '"file": "data:image/jpeg;base64,'],
    ["automatic-speech-recognition", "replicate", '"audio": "data:audio/flac;base64,'],
  ])("%s on %s sends the file as a data URL inside the JSON body", (task, provider, field) => {
    for (const options of [{}, { directRequest: true }, { billTo: "org's team" }]) {
      const curl = curlOf(task, provider, options);
      expect(curl).toContain(field);
      expect(curl).toMatch(/^\{\n {4}printf '%s' '\{/);
      expect(curl).toContain("    base64 < '");
      expect(curl).toContain(" | tr -d '\\n'");
      expect(curl).toContain("} | curl '");
      expect(curl).toContain("-H 'Content-Type: application/json'");
      expect(curl).toMatch(/--data-binary @-$/);
      expect(checkShell(curl)).toBeNull();
    }
  });

  it("the JSON around the file keeps user text inside single quotes", () => {
    const curl = curlOf("automatic-speech-recognition", "fal-ai", { inputs: "it's $(touch x).flac" });
    expect(curl).toContain(`base64 < 'it'"'"'s $(touch x).flac'`);
    expect(checkShell(curl)).toBeNull();
  });
});

describe("deepinfra text-to-image, LoRA variants included (issue #15)", () => {
  const flux = model("black-forest-labs/FLUX.1-dev", "text-to-image");
  const base = mapping("deepinfra", "text-to-image", { providerId: "black-forest-labs/FLUX-1-dev" });
  const lora = mapping("deepinfra", "text-to-image", {
    hfModelId: "someone/flux-lora",
    providerId: "someone/flux-lora-deployment",
    adapter: "lora",
    adapterWeightsPath: "lora.safetensors",
  });

  it.each([
    ["base model", base, "black-forest-labs/FLUX-1-dev"],
    ["LoRA", lora, "someone/flux-lora-deployment"],
  ])("%s: huggingface_hub, huggingface.js and fetch", (_name, providerMapping, providerId) => {
    const snippets = getInferenceSnippets(flux, "deepinfra", providerMapping);
    expect(snippets.map((s) => s.client)).toEqual(["huggingface_hub", "huggingface.js", "fetch"]);
    expect(pick(snippets, "huggingface_hub")).toContain('provider="deepinfra"');
    expect(pick(snippets, "huggingface_hub")).toContain("client.text_to_image(");
    expect(pick(snippets, "huggingface.js")).toContain("client.textToImage(");
    const fetch = pick(snippets, "fetch");
    expect(fetch).toContain('"https://router.huggingface.co/deepinfra/v1/openai/images/generations"');
    expect(fetch).toContain('response_format: "b64_json"');
    expect(fetch).toContain('prompt: "Astronaut riding a horse"');
    expect(fetch).toContain(`model: ${JSON.stringify(providerId)}`);
    expectValidSyntax(snippets);
  });

  it("a DeepInfra key goes straight to api.deepinfra.com", () => {
    const fetch = pick(getInferenceSnippets(flux, "deepinfra", base, { directRequest: true }), "fetch");
    expect(fetch).toContain('"https://api.deepinfra.com/v1/openai/images/generations"');
    expect(fetch).toContain("process.env.DEEPINFRA_API_KEY");
  });
});

describe("speed changes keep every literal exact (issue #15)", () => {
  it("remembered string literals still escape line separators, every time", () => {
    for (let i = 0; i < 3; i++) {
      expect(pyString("a\u2028b\u0085c")).toBe('"a\\u2028b\\u0085c"');
      expect(jsString('it\'s "x"')).toBe('"it\'s \\"x\\""');
    }
  });

  it("literal rendering keeps key order, nesting, flat arrays and trailing commas", () => {
    const value = { b: [1, 2], a: { "x-y": null, z: [{ k: true }] }, 0: "zero", empty: {}, none: [] };
    expect(jsValue(value)).toBe(
      '{\n    "0": "zero",\n    b: [1, 2],\n    a: {\n        "x-y": null,\n        z: [\n            {\n                k: true\n            }\n        ]\n    },\n    empty: {},\n    none: []\n}',
    );
    expect(pyValue({ a: [1], b: { c: false } }, 1)).toBe(
      '{\n        "a": [1],\n        "b": {\n            "c": False,\n        },\n    }',
    );
    const long = Array.from({ length: 30 }, (_, i) => `item${i}`);
    expect(jsonValue(long).split("\n")).toHaveLength(32);
  });
});
