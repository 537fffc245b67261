// Measures inference-snippet generation against the built package (run `npm run build` first).
// Usage: node packages/inference/bench/snippets-bench.mjs
import os from "node:os";
import { INFERENCE_PROVIDERS, getInferenceSnippets } from "@modelhub/inference";
// The public generator, installed as a devDependency for this comparison only (never imported by the product).
import { snippets as publicSnippets } from "@huggingface/inference";
import { summary } from "../../../scripts/bench-summary.mjs";
import { matrixCalls } from "./reference-matrix.mjs";

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

// Versus the public @huggingface/inference generator: the same calls (model, provider, mapping) in the
// same process. Ours and theirs run in alternating slices and the median of the per-slice ratios is
// reported, so load from other processes on a shared machine hits both sides alike.
const COMPARED = [
  { id: "meta-llama/Llama-3.1-8B-Instruct", pipeline_tag: "text-generation", tags: ["conversational"] },
  { id: "Qwen/Qwen2.5-VL-7B-Instruct", pipeline_tag: "image-text-to-text", tags: ["conversational"] },
  { id: "black-forest-labs/FLUX.1-dev", pipeline_tag: "text-to-image", tags: [] },
  { id: "openai/whisper-large-v3", pipeline_tag: "automatic-speech-recognition", tags: [] },
  {
    id: "distilbert/distilbert-base-uncased-finetuned-sst-2-english",
    pipeline_tag: "text-classification",
    tags: [],
  },
].map((model) => ({ ...model, inference: "" }));

const mappingFor = (model, provider) =>
  provider === "auto"
    ? undefined
    : {
        provider,
        hfModelId: model.id,
        providerId: `${provider}-id/${model.id.split("/")[1]}`,
        status: "live",
        task: model.tags.includes("conversational") ? "conversational" : model.pipeline_tag,
      };

function everyProvider(generate, models) {
  let snippets = 0;
  for (const model of models) {
    for (const provider of PROVIDERS) {
      try {
        snippets += generate(model, provider, mappingFor(model, provider)).length;
      } catch {
        // The public generator throws for some combinations (e.g. openai without a key); ours logs.
      }
    }
  }
  return snippets;
}

/** Mean CPU ms per run over about `ms` of CPU time; the clock is read once per chunk of runs, since
 * reading it costs microseconds and would weigh on the faster side. */
function slice(fn, ms) {
  let runs = 0;
  let chunk = 1;
  const start = cpuMs();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < chunk; i++) fn();
    runs += chunk;
    elapsed = cpuMs() - start;
    if (elapsed < ms / 20) chunk *= 2;
  }
  return elapsed / runs;
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

function compare(label, models, rounds = 15) {
  const ours = quietly(() => everyProvider(getInferenceSnippets, models));
  const theirs = quietly(() => everyProvider(publicSnippets.getInferenceSnippets, models));
  const counts = { ours: ours(), theirs: theirs() };
  slice(ours, 300);
  slice(theirs, 300);
  const oursMs = [];
  const theirsMs = [];
  const ratios = [];
  for (let i = 0; i < rounds; i++) {
    const a = slice(ours, 40);
    const b = slice(theirs, 40);
    oursMs.push(a);
    theirsMs.push(b);
    ratios.push(b / a);
  }
  return {
    case: label,
    "snippets (ours / public)": `${counts.ours} / ${counts.theirs}`,
    "ours ms": +median(oursMs).toFixed(3),
    "public ms": +median(theirsMs).toFixed(3),
    "× faster (median)": +median(ratios).toFixed(1),
  };
}

const comparison = [
  ...COMPARED.map((model) => compare(`${model.pipeline_tag} × ${PROVIDERS.length} providers`, [model])),
  compare(`all ${COMPARED.length} models × ${PROVIDERS.length} providers`, COMPARED),
];
console.log("\nversus the public @huggingface/inference generator (same calls, same process, CPU time)");
console.table(comparison);

// The full reference matrix of the package's tests (every task × provider × option set, untagged chat
// pipelines also mapped as chat; each call renders every client): rounds alternate, ours then theirs,
// after both sides are warm (ours takes a few dozen runs before the JIT settles), and the median of
// the per-round ratios is reported. No result is kept between calls on either side.
const CALLS = matrixCalls(PROVIDERS);
function runMatrix(generate) {
  let snippets = 0;
  for (const [model, provider, mapping, opts] of CALLS) {
    try {
      snippets += generate(model, provider, mapping, opts).length;
    } catch {
      // the public generator throws for some combinations; ours returns [] and logs
    }
  }
  return snippets;
}
const oursMatrix = quietly(() => runMatrix(getInferenceSnippets));
const theirsMatrix = quietly(() => runMatrix(publicSnippets.getInferenceSnippets));
const matrixCounts = { ours: oursMatrix(), theirs: theirsMatrix() };
slice(oursMatrix, 1500);
slice(theirsMatrix, 1500);
const MATRIX_ROUNDS = 9;
const oursRound = [];
const theirsRound = [];
const matrixRatios = [];
for (let i = 0; i < MATRIX_ROUNDS; i++) {
  const a = slice(oursMatrix, 200);
  const b = slice(theirsMatrix, 200);
  oursRound.push(a);
  theirsRound.push(b);
  matrixRatios.push(b / a);
}
const fullMatrix = {
  calls: CALLS.length,
  "snippets (ours / public)": `${matrixCounts.ours} / ${matrixCounts.theirs}`,
  "ours ms": +median(oursRound).toFixed(2),
  "public ms": +median(theirsRound).toFixed(2),
  "× faster (median)": +median(matrixRatios).toFixed(1),
  "per-round ×": matrixRatios.map((r) => r.toFixed(1)).join(" "),
};
console.log(
  `\nfull reference matrix: ${CALLS.length} calls (${MATRIX_ROUNDS} alternating rounds, CPU time, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")})`,
);
console.table([fullMatrix]);
summary({
  snippets: {
    "full matrix: ms per set of calls": {
      value: fullMatrix["ours ms"],
      baseline: fullMatrix["public ms"],
      baselineLabel: "@huggingface/inference",
    },
    "full matrix: × faster than @huggingface/inference": {
      value: fullMatrix["× faster (median)"],
      goal: ">= 25",
    },
  },
});
