import type { DemoCatalogue, DemoRepo } from "./catalogue/types.js";

/**
 * A handful of repositories used until the full demo catalogue is built in: enough for every page
 * and snippet kind to have something real to show. Card texts are written for ModelHub.
 */

const CHAT_TEMPLATE =
  "{% for message in messages %}{{ '<|start_header_id|>' + message['role'] + '<|end_header_id|>\\n\\n' + message['content'] + '<|eot_id|>' }}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|start_header_id|>assistant<|end_header_id|>\\n\\n' }}{% endif %}";

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function card(frontMatter: string, body: string): string {
  return `---\n${frontMatter.trim()}\n---\n\n${body.trim()}\n`;
}

/** Stand-in weights: a few bytes are enough for listings, downloads and LFS paths. */
function placeholderWeights(label: string): Uint8Array {
  return new TextEncoder().encode(`placeholder weights for ${label}\n`);
}

const llama: DemoRepo = {
  type: "model",
  id: "meta-llama/Llama-3.1-8B-Instruct",
  likes: 4800,
  downloads: 5_200_000,
  createdAt: "2024-07-18T08:00:00.000Z",
  files: [
    {
      path: "README.md",
      content: card(
        `
license: llama3.1
language:
  - en
  - de
  - fr
pipeline_tag: text-generation
library_name: transformers
base_model: meta-llama/Llama-3.1-8B
tags:
  - llama
  - chat
widget:
  - messages:
      - role: user
        content: Suggest three names for a friendly robot.
`,
        `# Llama 3.1 8B Instruct

An instruction-tuned eight-billion-parameter language model for dialogue. It follows a chat template,
so clients send a list of messages and receive the assistant's next turn.

Use it for assistants, summaries and short drafting tasks.`,
      ),
    },
    {
      path: "config.json",
      content: json({
        architectures: ["LlamaForCausalLM"],
        model_type: "llama",
        hidden_size: 4096,
        num_hidden_layers: 32,
        vocab_size: 128256,
      }),
    },
    {
      path: "tokenizer_config.json",
      content: json({
        bos_token: "<|begin_of_text|>",
        eos_token: "<|eot_id|>",
        chat_template: CHAT_TEMPLATE,
      }),
    },
    { path: "generation_config.json", content: json({ temperature: 0.6, top_p: 0.9 }) },
    { path: "model.safetensors", content: placeholderWeights("Llama-3.1-8B-Instruct") },
  ],
};

const whisper: DemoRepo = {
  type: "model",
  id: "openai/whisper-large-v3-turbo",
  likes: 2100,
  downloads: 3_900_000,
  createdAt: "2024-10-01T12:00:00.000Z",
  files: [
    {
      path: "README.md",
      content: card(
        `
license: mit
language:
  - en
  - fr
  - es
pipeline_tag: automatic-speech-recognition
library_name: transformers
tags:
  - audio
  - whisper
widget:
  - example_title: Sample clip
    src: https://cdn-media.huggingface.co/speech_samples/sample1.flac
`,
        `# Whisper large-v3 turbo

A speech recognition model that turns recorded speech into text in many languages. The turbo
variant trims the decoder for faster transcription with little loss in accuracy.`,
      ),
    },
    {
      path: "config.json",
      content: json({
        architectures: ["WhisperForConditionalGeneration"],
        model_type: "whisper",
        num_mel_bins: 128,
      }),
    },
    { path: "preprocessor_config.json", content: json({ feature_size: 128, sampling_rate: 16000 }) },
    { path: "model.safetensors", content: placeholderWeights("whisper-large-v3-turbo") },
  ],
};

const fluxLora: DemoRepo = {
  type: "model",
  id: "modelhub-demo/flux-watercolor-lora",
  likes: 320,
  downloads: 41_000,
  createdAt: "2024-11-05T09:30:00.000Z",
  files: [
    {
      path: "README.md",
      content: card(
        `
license: other
license_name: flux-1-dev-non-commercial-license
pipeline_tag: text-to-image
library_name: diffusers
base_model: black-forest-labs/FLUX.1-dev
instance_prompt: WTRCLR style
tags:
  - lora
  - text-to-image
  - flux
widget:
  - text: WTRCLR style, a lighthouse on a cliff at dawn
`,
        `# Watercolor LoRA for FLUX.1

A small LoRA adapter that gives FLUX.1 images a loose watercolor look. Start prompts with the
trigger phrase \`WTRCLR style\`.`,
      ),
    },
    { path: "pytorch_lora_weights.safetensors", content: placeholderWeights("flux-watercolor-lora") },
  ],
};

const miniLm: DemoRepo = {
  type: "model",
  id: "sentence-transformers/all-MiniLM-L6-v2",
  likes: 3600,
  downloads: 9_800_000,
  createdAt: "2022-03-02T23:29:05.000Z",
  files: [
    {
      path: "README.md",
      content: card(
        `
license: apache-2.0
language: en
pipeline_tag: sentence-similarity
library_name: sentence-transformers
tags:
  - sentence-transformers
  - feature-extraction
datasets:
  - s2orc
  - ms_marco
widget:
  - source_sentence: A cat sits on the mat.
    sentences:
      - A kitten rests on a rug.
      - Stock prices fell sharply today.
`,
        `# all-MiniLM-L6-v2

Maps sentences and short paragraphs to 384-dimensional vectors, for semantic search, clustering
and duplicate detection. Small and fast enough for CPU use.`,
      ),
    },
    {
      path: "config.json",
      content: json({ architectures: ["BertModel"], model_type: "bert", hidden_size: 384 }),
    },
    {
      path: "modules.json",
      content: json([{ idx: 0, name: "0", path: "", type: "sentence_transformers.models.Transformer" }]),
    },
    { path: "model.safetensors", content: placeholderWeights("all-MiniLM-L6-v2") },
  ],
};

const dataset: DemoRepo = {
  type: "dataset",
  id: "modelhub-demo/tiny-reviews",
  likes: 12,
  downloads: 800,
  createdAt: "2025-01-10T10:00:00.000Z",
  files: [
    {
      path: "README.md",
      content: card(
        `
license: cc-by-4.0
language: en
task_categories:
  - text-classification
pretty_name: Tiny reviews
`,
        `# Tiny reviews\n\nTen short product reviews labelled positive or negative, for trying out classifiers.`,
      ),
    },
    {
      path: "data/train.csv",
      content:
        "text,label\nGreat battery life,positive\nBroke after a week,negative\nExactly as described,positive\n",
    },
  ],
};

const space: DemoRepo = {
  type: "space",
  id: "modelhub-demo/hello-static",
  likes: 5,
  downloads: 0,
  createdAt: "2025-02-01T10:00:00.000Z",
  files: [
    {
      path: "README.md",
      content: card(
        `title: Hello\nemoji: 👋\nsdk: static\napp_file: index.html`,
        "# Hello\n\nA static page that runs in the browser.",
      ),
    },
    {
      path: "index.html",
      content: "<!doctype html><title>Hello</title><h1>Hello from a static space</h1>\n",
    },
  ],
};

export function buildFallbackCatalogue(): DemoCatalogue {
  return {
    users: [{ name: "ada", fullname: "Ada Example" }],
    orgs: [
      { name: "meta-llama", fullname: "Meta Llama", members: ["ada"] },
      { name: "openai", fullname: "OpenAI", members: [] },
      { name: "sentence-transformers", fullname: "Sentence Transformers", members: [] },
      { name: "modelhub-demo", fullname: "ModelHub demo", members: ["ada"] },
    ],
    repos: [llama, whisper, fluxLora, miniLm, dataset, space],
    providerMappings: [
      {
        modelId: llama.id,
        provider: "together",
        providerId: "meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo",
        task: "conversational",
        status: "live",
      },
      {
        modelId: llama.id,
        provider: "hf-inference",
        providerId: llama.id,
        task: "conversational",
        status: "live",
      },
      {
        modelId: whisper.id,
        provider: "fal-ai",
        providerId: "fal-ai/whisper",
        task: "automatic-speech-recognition",
        status: "live",
      },
      {
        modelId: miniLm.id,
        provider: "hf-inference",
        providerId: miniLm.id,
        task: "sentence-similarity",
        status: "live",
      },
      {
        modelId: fluxLora.id,
        provider: "fal-ai",
        providerId: "fal-ai/flux-lora",
        task: "text-to-image",
        status: "live",
        adapter: "lora",
        adapterWeightsPath: "pytorch_lora_weights.safetensors",
      },
    ],
  };
}
