// The snippet matrix (every task × provider × option set, untagged chat pipelines also mapped as chat):
// plain data, so the bench runs it with Node alone; test/models.ts gives the tests the same data typed.
const model = (id, pipeline_tag, tags = []) => ({ id, pipeline_tag, tags });

export const MATRIX_MODELS = [
  model("meta-llama/Llama-3.1-8B-Instruct", "text-generation", ["conversational"]),
  model("openai-community/gpt2", "text-generation"),
  model("Qwen/Qwen2.5-VL-7B-Instruct", "image-text-to-text", ["conversational"]),
  model("google/paligemma-3b", "image-text-to-text"),
  model("distilbert/distilbert-base-uncased-finetuned-sst-2-english", "text-classification"),
  model("dslim/bert-base-NER", "token-classification"),
  model("Helsinki-NLP/opus-mt-ru-en", "translation"),
  model("facebook/bart-large-cnn", "summarization"),
  model("facebook/bart-large-mnli", "zero-shot-classification"),
  { ...model("google-bert/bert-base-uncased", "fill-mask"), mask_token: "[MASK]" },
  model("thenlper/gte-large", "feature-extraction"),
  model("sentence-transformers/all-MiniLM-L6-v2", "sentence-similarity"),
  model("deepset/roberta-base-squad2", "question-answering"),
  model("google/tapas-base-finetuned-wtq", "table-question-answering"),
  model("impira/layoutlm-document-qa", "document-question-answering"),
  model("google/vit-base-patch16-224", "image-classification"),
  model("nvidia/segformer-b0", "image-segmentation"),
  model("Salesforce/blip-image-captioning-base", "image-to-text"),
  model("facebook/detr-resnet-50", "object-detection"),
  model("openai/clip-vit-large-patch14", "zero-shot-image-classification"),
  model("openai/whisper-large-v3", "automatic-speech-recognition"),
  model("superb/hubert-large-superb-er", "audio-classification"),
  model("speechbrain/sepformer-wham", "audio-to-audio"),
  model("black-forest-labs/FLUX.1-dev", "text-to-image"),
  model("black-forest-labs/FLUX.1-Kontext-dev", "image-to-image"),
  model("Qwen/Qwen-Image-Edit", "image-text-to-image"),
  model("Wan-AI/Wan2.1-I2V-14B", "image-to-video"),
  model("Wan-AI/Wan2.2-TI2V-5B", "image-text-to-video"),
  model("tencent/HunyuanVideo", "text-to-video"),
  { ...model("hexgrad/Kokoro-82M", "text-to-speech"), library_name: "transformers" },
  model("facebook/musicgen-small", "text-to-audio"),
  model("scikit-learn/tabular-playground", "tabular-classification"),
  model("scikit-learn/Fish-Weight", "tabular-regression"),
];

/** The option sets every (task, provider) pair is rendered with, by name. */
export const MATRIX_OPTION_SETS = {
  default: {},
  streaming: { streaming: true },
  accessToken: { accessToken: "hf_literal_token" },
  billTo: { billTo: "my-org" },
  endpointUrl: { endpointUrl: "https://my-endpoint.example.com" },
  directRequest: { directRequest: true },
  messages: {
    messages: [
      { role: "system", content: "Answer briefly." },
      { role: "user", content: "Hello!" },
    ],
    temperature: 0.4,
    max_tokens: 256,
    top_p: 0.9,
  },
};

/** The provider mapping the matrix gives a model for a provider and task. */
export function mappingFor(model, provider, task) {
  return {
    provider,
    hfModelId: model.id,
    providerId: provider === "hf-inference" ? model.id : `${provider}-models/${model.id.split("/")[1]}`,
    status: "live",
    task,
  };
}

/** Every call of the matrix: [model, provider, mapping, options], built once (the bench times the calls only). */
export function matrixCalls(providers) {
  const calls = [];
  for (const model of MATRIX_MODELS) {
    for (const provider of providers) {
      for (const opts of Object.values(MATRIX_OPTION_SETS)) {
        const tagged = model.tags.includes("conversational");
        const task = tagged ? "conversational" : model.pipeline_tag;
        const chatPipeline =
          model.pipeline_tag === "text-generation" || model.pipeline_tag === "image-text-to-text";
        for (const mappedTask of chatPipeline && !tagged ? [task, "conversational"] : [task]) {
          const mapping =
            provider === "auto" && mappedTask === task ? undefined : mappingFor(model, provider, mappedTask);
          calls.push([{ ...model, inference: "" }, provider, mapping, opts]);
        }
      }
    }
  }
  return calls;
}
