import { describe, expect, it } from "vitest";
import type { ModelData } from "@modelhub/tasks";
import { getInferenceSnippets, type InferenceProviderMapping, type SnippetOptions } from "../src/index.js";

const EXTENSIONS = { python: "py", js: "js", sh: "sh" } as const;

interface GoldenCase {
  name: string;
  model: ModelData;
  provider: string;
  mapping?: InferenceProviderMapping;
  opts?: SnippetOptions;
}

const chat: ModelData = {
  id: "meta-llama/Llama-3.1-8B-Instruct",
  pipeline_tag: "text-generation",
  tags: ["conversational"],
};

/** Reviewable golden files, one per snippet; `npx vitest run -u` rewrites them. */
const CASES: GoldenCase[] = [
  { name: "chat-together", model: chat, provider: "together" },
  { name: "chat-together-streaming", model: chat, provider: "together", opts: { streaming: true } },
  { name: "chat-auto-billto", model: chat, provider: "auto", opts: { billTo: "my-org" } },
  {
    name: "chat-groq-direct-options",
    model: chat,
    provider: "groq",
    opts: { directRequest: true, temperature: 0.5, max_tokens: 128, top_p: 0.7 },
  },
  {
    name: "chat-endpoint",
    model: chat,
    provider: "hf-inference",
    opts: { endpointUrl: "https://my-endpoint.example.com" },
  },
  {
    name: "vision-chat-novita",
    model: {
      id: "Qwen/Qwen2.5-VL-7B-Instruct",
      pipeline_tag: "image-text-to-text",
      tags: ["conversational"],
    },
    provider: "novita",
  },
  {
    name: "text-classification-hf-inference",
    model: { id: "distilbert/sst2", pipeline_tag: "text-classification" },
    provider: "hf-inference",
  },
  {
    name: "asr-hf-inference-token",
    model: { id: "openai/whisper-large-v3", pipeline_tag: "automatic-speech-recognition" },
    provider: "hf-inference",
    opts: { accessToken: "hf_xxx" },
  },
  {
    name: "asr-together-direct",
    model: { id: "openai/whisper-large-v3", pipeline_tag: "automatic-speech-recognition" },
    provider: "together",
    opts: { directRequest: true },
  },
  {
    name: "text-to-image-fal-lora",
    model: { id: "me/flux-lora", pipeline_tag: "text-to-image" },
    provider: "fal-ai",
    mapping: {
      provider: "fal-ai",
      hfModelId: "me/flux-lora",
      providerId: "fal-ai/flux-lora",
      status: "live",
      task: "text-to-image",
      adapter: "lora",
      adapterWeightsPath: "lora.safetensors",
    },
  },
  {
    name: "image-to-image-replicate",
    model: { id: "black-forest-labs/FLUX.1-Kontext-dev", pipeline_tag: "image-to-image" },
    provider: "replicate",
    mapping: {
      provider: "replicate",
      hfModelId: "black-forest-labs/FLUX.1-Kontext-dev",
      providerId: "black-forest-labs/flux-kontext-dev",
      status: "live",
      task: "image-to-image",
    },
  },
  {
    name: "zero-shot-hf-inference-billto",
    model: { id: "facebook/bart-large-mnli", pipeline_tag: "zero-shot-classification" },
    provider: "hf-inference",
    opts: { billTo: "my-org" },
  },
  {
    name: "text-to-video-auto",
    model: { id: "tencent/HunyuanVideo", pipeline_tag: "text-to-video" },
    provider: "auto",
  },
];

describe("golden snippets", () => {
  for (const golden of CASES) {
    it(golden.name, async () => {
      const snippets = getInferenceSnippets(golden.model, golden.provider, golden.mapping, golden.opts);
      expect(snippets.length).toBeGreaterThan(0);
      for (const snippet of snippets) {
        const file = `./fixtures/${golden.name}/${snippet.language}.${snippet.client}.${EXTENSIONS[snippet.language]}`;
        await expect(`${snippet.content}\n`).toMatchFileSnapshot(file);
      }
    });
  }
});
