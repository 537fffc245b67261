import { describe, expect, it } from "vitest";
import {
  buildInferenceRequest,
  InferenceRequestError,
  INFERENCE_PROVIDERS,
  LocalFile,
  PROVIDERS,
} from "../src/index.js";
import type { InferenceRequestInput, InferenceTask } from "../src/index.js";

const R = "https://router.huggingface.co";

function build(provider: string, task: InferenceTask, extra: Partial<InferenceRequestInput> = {}) {
  return buildInferenceRequest({
    provider,
    task,
    model: "owner/model",
    mapping: { provider, hfModelId: "owner/model", providerId: "pid/model", status: "live", task },
    args: { inputs: "a prompt" },
    accessToken: "hf_test",
    ...extra,
  });
}

const chat = { args: { messages: [{ role: "user", content: "hi" }] } };

describe("provider registry", () => {
  it("lists every provider once, in order", () => {
    expect(INFERENCE_PROVIDERS).toEqual([
      "baseten",
      "cerebras",
      "cohere",
      "deepinfra",
      "fal-ai",
      "featherless-ai",
      "fireworks-ai",
      "groq",
      "hf-inference",
      "novita",
      "nscale",
      "openai",
      "ovhcloud",
      "publicai",
      "replicate",
      "scaleway",
      "together",
      "wavespeed",
      "zai-org",
    ]);
    expect(PROVIDERS.map((p) => p.id)).toEqual(INFERENCE_PROVIDERS);
  });
});

describe("URLs (routed with an hf_ token, direct with a provider key)", () => {
  const table: [string, InferenceTask, string, string][] = [
    [
      "baseten",
      "conversational",
      `${R}/baseten/v1/chat/completions`,
      "https://inference.baseten.co/v1/chat/completions",
    ],
    [
      "cohere",
      "conversational",
      `${R}/cohere/compatibility/v1/chat/completions`,
      "https://api.cohere.com/compatibility/v1/chat/completions",
    ],
    [
      "deepinfra",
      "text-generation",
      `${R}/deepinfra/v1/openai/completions`,
      "https://api.deepinfra.com/v1/openai/completions",
    ],
    [
      "deepinfra",
      "text-to-speech",
      `${R}/deepinfra/v1/openai/audio/speech`,
      "https://api.deepinfra.com/v1/openai/audio/speech",
    ],
    ["fal-ai", "text-to-speech", `${R}/fal-ai/pid/model`, "https://fal.run/pid/model"],
    ["fal-ai", "text-to-image", `${R}/fal-ai/pid/model?_subdomain=queue`, "https://queue.fal.run/pid/model"],
    [
      "fireworks-ai",
      "conversational",
      `${R}/fireworks-ai/inference/v1/chat/completions`,
      "https://api.fireworks.ai/inference/v1/chat/completions",
    ],
    [
      "groq",
      "text-generation",
      `${R}/groq/openai/v1/chat/completions`,
      "https://api.groq.com/openai/v1/chat/completions",
    ],
    [
      "hf-inference",
      "text-classification",
      `${R}/hf-inference/models/pid/model`,
      `${R}/hf-inference/models/pid/model`,
    ],
    [
      "hf-inference",
      "feature-extraction",
      `${R}/hf-inference/models/pid/model/pipeline/feature-extraction`,
      `${R}/hf-inference/models/pid/model/pipeline/feature-extraction`,
    ],
    [
      "hf-inference",
      "text-generation",
      `${R}/hf-inference/models/pid/model/v1/completions`,
      `${R}/hf-inference/models/pid/model/v1/completions`,
    ],
    ["novita", "text-to-video", `${R}/novita/v3/async/pid/model`, "https://api.novita.ai/v3/async/pid/model"],
    [
      "nscale",
      "text-to-image",
      `${R}/nscale/v1/images/generations`,
      "https://inference.api.nscale.com/v1/images/generations",
    ],
    [
      "ovhcloud",
      "text-generation",
      `${R}/ovhcloud/v1/completions`,
      "https://oai.endpoints.kepler.ai.cloud.ovh.net/v1/completions",
    ],
    [
      "replicate",
      "text-to-image",
      `${R}/replicate/v1/models/pid/model/predictions`,
      "https://api.replicate.com/v1/models/pid/model/predictions",
    ],
    [
      "scaleway",
      "feature-extraction",
      `${R}/scaleway/v1/embeddings`,
      "https://api.scaleway.ai/v1/embeddings",
    ],
    ["together", "text-to-video", `${R}/together/v2/videos`, "https://api.together.xyz/v2/videos"],
    [
      "together",
      "automatic-speech-recognition",
      `${R}/together/v1/audio/transcriptions`,
      "https://api.together.xyz/v1/audio/transcriptions",
    ],
    [
      "wavespeed",
      "text-to-image",
      `${R}/wavespeed/api/v3/pid/model`,
      "https://api.wavespeed.ai/api/v3/pid/model",
    ],
    [
      "zai-org",
      "image-to-text",
      `${R}/zai-org/api/paas/v4/layout_parsing`,
      "https://api.z.ai/api/paas/v4/layout_parsing",
    ],
  ];
  it.each(table)("%s %s", (provider, task, routed, direct) => {
    expect(build(provider, task).url).toBe(routed);
    expect(build(provider, task, { accessToken: "provider-key" }).url).toBe(direct);
  });

  it("versioned replicate ids post to /v1/predictions with the version in the body", () => {
    const request = build("replicate", "text-to-image", {
      mapping: {
        provider: "replicate",
        hfModelId: "o/m",
        providerId: "o/m:abc123",
        status: "live",
        task: "text-to-image",
      },
    });
    expect(request.url).toBe(`${R}/replicate/v1/predictions`);
    expect(request.body).toEqual({
      type: "json",
      value: { input: { prompt: "a prompt" }, version: "abc123" },
    });
  });

  it("routes chat through the router's OpenAI URL with model:provider when asked", () => {
    const request = build("together", "conversational", { ...chat, autoRouter: true });
    expect(request.url).toBe(`${R}/v1/chat/completions`);
    expect(request.body).toMatchObject({ value: { model: "owner/model:together" } });
    const auto = build("auto", "conversational", chat);
    expect(auto.url).toBe(`${R}/v1/chat/completions`);
    expect(auto.body).toMatchObject({ value: { model: "owner/model" } });
  });

  it("an endpoint with any provider follows the endpoint protocol and sends the Hub id", () => {
    const request = build("together", "conversational", { ...chat, endpointUrl: "https://e.x/v1" });
    expect(request.url).toBe("https://e.x/v1/chat/completions");
    expect(request.provider).toBe("hf-inference");
    expect(request.body).toMatchObject({ value: { model: "owner/model" } });
  });

  it("hf-inference endpoints: used as is, chat gets /v1/chat/completions", () => {
    expect(build("hf-inference", "text-classification", { endpointUrl: "https://e.x/" }).url).toBe(
      "https://e.x/",
    );
    expect(build("hf-inference", "conversational", { ...chat, endpointUrl: "https://e.x/" }).url).toBe(
      "https://e.x/v1/chat/completions",
    );
    expect(build("hf-inference", "conversational", { ...chat, endpointUrl: "https://e.x/v1" }).url).toBe(
      "https://e.x/v1/chat/completions",
    );
  });
});

describe("headers", () => {
  it("Bearer when routed, Key for fal-ai with a provider key", () => {
    expect(build("fal-ai", "text-to-image").headers.Authorization).toBe("Bearer hf_test");
    expect(build("fal-ai", "text-to-image", { accessToken: "fal-key" }).headers.Authorization).toBe(
      "Key fal-key",
    );
  });
  it("replicate waits, zai-org names its channel, bill-to is forwarded", () => {
    expect(build("replicate", "text-to-image").headers.Prefer).toBe("wait");
    expect(build("zai-org", "text-to-image").headers).toMatchObject({
      "x-source-channel": "hugging_face",
      "accept-language": "en-US,en",
    });
    expect(build("groq", "conversational", { ...chat, billTo: "org" }).headers["X-HF-Bill-To"]).toBe("org");
  });
  it("binary uploads carry the file's type; multipart sets none", () => {
    const upload = build("hf-inference", "automatic-speech-recognition", {
      args: { inputs: new LocalFile("a.flac") },
    });
    expect(upload.body).toMatchObject({ type: "file", contentType: "audio/flac" });
    expect(upload.headers["Content-Type"]).toBe("audio/flac");
    const form = build("together", "automatic-speech-recognition", {
      args: { inputs: new LocalFile("a.flac") },
    });
    expect(form.body).toMatchObject({ type: "multipart", fields: { model: "pid/model" } });
    expect(form.headers["Content-Type"]).toBeUndefined();
  });
});

describe("bodies", () => {
  it("fal-ai: prompt in the body, LoRA weights from the hub", () => {
    const lora = {
      provider: "fal-ai",
      hfModelId: "me/lora",
      providerId: "fal-ai/lora",
      status: "live",
      task: "text-to-image",
      adapter: "lora",
      adapterWeightsPath: "w.safetensors",
    };
    const request = build("fal-ai", "text-to-image", {
      mapping: lora,
      args: { inputs: "cat", parameters: { seed: 1 } },
    });
    expect(request.body).toEqual({
      type: "json",
      value: {
        seed: 1,
        prompt: "cat",
        loras: [{ path: "https://huggingface.co/me/lora/resolve/main/w.safetensors", scale: 1 }],
        model_name: "stabilityai/stable-diffusion-xl-base-1.0",
      },
    });
    expect(request.response).toBe("job");
  });
  it("replicate wraps the input; text-to-speech calls the prompt text", () => {
    expect(build("replicate", "text-to-speech").body).toEqual({
      type: "json",
      value: { input: { text: "a prompt" } },
    });
  });
  it("together renames steps; cerebras drops store; prompt-completions map max_new_tokens", () => {
    expect(
      build("together", "text-to-image", { args: { inputs: "x", parameters: { num_inference_steps: 4 } } })
        .body,
    ).toEqual({
      type: "json",
      value: { steps: 4, prompt: "x", response_format: "base64", model: "pid/model" },
    });
    expect(build("cerebras", "conversational", { args: { messages: [], store: true } }).body).toEqual({
      type: "json",
      value: { model: "pid/model", messages: [] },
    });
    expect(
      build("deepinfra", "text-generation", {
        args: { inputs: "x", parameters: { max_new_tokens: 5, top_k: 2 } },
      }).body,
    ).toEqual({
      type: "json",
      value: { model: "pid/model", max_tokens: 5, top_k: 2, prompt: "x" },
    });
  });
  it("streams add stream: true and read SSE", () => {
    const request = build("groq", "conversational", { ...chat, stream: true });
    expect(request.body).toMatchObject({ value: { stream: true } });
    expect(request.response).toBe("chat-stream");
  });
});

describe("refusals", () => {
  it.each([
    ["unknown provider", () => build("nope", "conversational")],
    ["unsupported task", () => build("groq", "text-to-image")],
    ["openai with an HF token", () => build("openai", "conversational", chat)],
    ["model URL", () => build("hf-inference", "text-classification", { model: "https://x/y" })],
  ])("%s", (_name, call) => {
    expect(call).toThrow(InferenceRequestError);
  });
});
