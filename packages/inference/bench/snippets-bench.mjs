// Measures inference-snippet generation against the built package (run `npm run build` first).
// Usage: node packages/inference/bench/snippets-bench.mjs
import { INFERENCE_PROVIDERS, getInferenceSnippets } from "@modelhub/inference";

const PIPELINES = [
  "text-classification",
  "token-classification",
  "translation",
  "summarization",
  "zero-shot-classification",
  "fill-mask",
  "feature-extraction",
  "sentence-similarity",
  "question-answering",
  "table-question-answering",
  "document-question-answering",
  "image-classification",
  "image-segmentation",
  "image-to-text",
  "object-detection",
  "zero-shot-image-classification",
  "automatic-speech-recognition",
  "audio-classification",
  "audio-to-audio",
  "text-to-image",
  "image-to-image",
  "image-text-to-image",
  "image-to-video",
  "image-text-to-video",
  "text-to-video",
  "text-to-speech",
  "text-to-audio",
  "tabular-classification",
  "tabular-regression",
  "text-generation",
];
const MODELS = [
  { id: "meta-llama/Llama-3.1-8B-Instruct", pipeline_tag: "text-generation", tags: ["conversational"] },
  { id: "Qwen/Qwen2.5-VL-7B-Instruct", pipeline_tag: "image-text-to-text", tags: ["conversational"] },
  ...PIPELINES.map((pipeline_tag) => ({ id: `bench/${pipeline_tag}`, pipeline_tag, tags: [] })),
];
const OPTION_SETS = [
  {},
  { streaming: true },
  { accessToken: "hf_bench" },
  { billTo: "bench-org" },
  { endpointUrl: "https://endpoint.example.com" },
  { directRequest: true },
  { messages: [{ role: "user", content: "Hi" }], temperature: 0.5, max_tokens: 64, top_p: 0.9 },
];
const PROVIDERS = [...INFERENCE_PROVIDERS, "auto"];

/** CPU time in ms (user + system): stable even when other processes share the cores. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Warms `fn` up, then runs it until `minMs` of CPU time passed (at least `minRuns` times); mean CPU ms per run. */
function measure(fn, { minMs = 1000, minRuns = 20, warmMs = 300 } = {}) {
  const warmStart = cpuMs();
  while (cpuMs() - warmStart < warmMs) fn();
  let runs = 0;
  const start = cpuMs();
  while (runs < minRuns || cpuMs() - start < minMs) {
    fn();
    runs++;
  }
  return (cpuMs() - start) / runs;
}

const quietly = (fn) => () => {
  const error = console.error;
  console.error = () => {};
  try {
    return fn();
  } finally {
    console.error = error;
  }
};

function oneModelEveryProvider(model) {
  let calls = 0;
  let snippets = 0;
  for (const provider of PROVIDERS) {
    snippets += getInferenceSnippets(model, provider).length;
    calls++;
  }
  return { calls, snippets };
}

function wholeMatrix() {
  let calls = 0;
  let snippets = 0;
  for (const model of MODELS) {
    for (const provider of PROVIDERS) {
      for (const opts of OPTION_SETS) {
        snippets += getInferenceSnippets(model, provider, undefined, opts).length;
        calls++;
      }
    }
  }
  return { calls, snippets };
}

const rows = [];
{
  const start = cpuMs();
  const first = getInferenceSnippets(MODELS[0], "together");
  rows.push({
    case: "first call in a fresh process (cold)",
    calls: 1,
    snippets: first.length,
    "total µs": Math.round((cpuMs() - start) * 1000),
  });
}
for (const model of [MODELS[0], MODELS.find((m) => m.pipeline_tag === "text-to-image")]) {
  const run = quietly(() => oneModelEveryProvider(model));
  const { calls, snippets } = run();
  const ms = measure(run);
  rows.push({
    case: `one model (${model.pipeline_tag}${model.tags.length ? ", chat" : ""}) × ${PROVIDERS.length} providers`,
    calls,
    snippets,
    "total µs": Math.round(ms * 1000),
    "µs / call": +((ms * 1000) / calls).toFixed(1),
    "µs / snippet": +((ms * 1000) / Math.max(snippets, 1)).toFixed(2),
  });
}
const matrix = quietly(wholeMatrix);
const { calls, snippets } = matrix();
const matrixMs = measure(matrix, { minMs: 2000, minRuns: 3, warmMs: 500 });
rows.push({
  case: `matrix: ${MODELS.length} tasks × ${PROVIDERS.length} providers × ${OPTION_SETS.length} option sets`,
  calls,
  snippets,
  "total µs": Math.round(matrixMs * 1000),
  "µs / call": +((matrixMs * 1000) / calls).toFixed(1),
  "µs / snippet": +((matrixMs * 1000) / snippets).toFixed(2),
});

console.log(`@modelhub/inference snippet bench (node ${process.version}; CPU time after warm-up)`);
console.table(rows);
