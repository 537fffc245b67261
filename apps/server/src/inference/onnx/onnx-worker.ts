/**
 * The ONNX worker process: runs transformers.js pipelines on onnxruntime-node (CPU) for the parent
 * hub, one call at a time, over the IPC channel. Model files come from the model root given as the
 * first argument (filled by the parent from the hub's store); nothing is fetched from a network.
 * A crash, a runaway allocation or a parser bug here kills only this process.
 */
import path from "node:path";
import { env, pipeline, RawImage, Tensor } from "@huggingface/transformers";
import { FastTokenizer, TokenizationError, type TokenizedText } from "./fast-tokenizer.js";
import { BadInputError, type WorkerPipe } from "./families/worker-api.js";
import { cancelFamilyCall, runFamilyJob } from "./families/worker-dispatch.js";
import { answersFromWindows } from "./qa-spans.js";
import { aggregateTokens, scoredTokens, softmax } from "./token-aggregation.js";
import {
  isFamilyJob,
  type JobResult,
  type TaskJob,
  type WorkerReply,
  type WorkerRequest,
} from "./worker-protocol.js";

/** The parts of a transformers.js pipeline this worker uses. */
interface PipeTokenizer {
  encode(text: string): number[];
  model_max_length?: number;
  mask_token?: string;
  mask_token_id?: number;
}
interface PipeModel {
  (feeds: Record<string, Tensor>): Promise<Record<string, Tensor>>;
  config?: { id2label?: Record<string, string> };
  sessions?: Record<string, { inputNames?: string[] }>;
}
type Pipe = ((...args: unknown[]) => Promise<unknown>) & {
  tokenizer?: PipeTokenizer;
  model: PipeModel;
  dispose(): Promise<void>;
};

/** A caller's mistake, answered as a 4xx by the hub. */
class BadInput extends Error {}

const modelRoot = process.argv[2];
const maxLoaded = Number(process.argv[3] ?? 4);
const softMemoryBytes = Number(process.argv[4] ?? 0);
if (!modelRoot || !process.send) {
  console.error("onnx-worker: run as a child process with a model root");
  process.exit(2);
}
env.allowRemoteModels = false;
env.allowLocalModels = true;
env.localModelPath = modelRoot.endsWith("/") ? modelRoot : `${modelRoot}/`;
env.useFSCache = false;

/** Loaded pipelines by "modelDir|task", most recently used last. */
const loaded = new Map<string, Promise<Pipe>>();
/** The tokenizers library's view of a model folder (offsets, words, windows), by folder. */
const fastTokenizers = new Map<string, FastTokenizer>();

/** Which transformers.js pipeline runs a Hub task. */
function pipelineTask(task: string): string {
  return task === "sentence-similarity" ? "feature-extraction" : task;
}

async function evict(key: string): Promise<void> {
  const pipe = loaded.get(key);
  loaded.delete(key);
  fastTokenizers.delete(key.slice(0, key.lastIndexOf("|")));
  await pipe?.then((p) => p.dispose()).catch(() => undefined);
}

async function pipeFor(modelDir: string, task: string): Promise<Pipe> {
  const key = `${modelDir}|${pipelineTask(task)}`;
  const existing = loaded.get(key);
  if (existing) {
    loaded.delete(key);
    loaded.set(key, existing);
    return existing;
  }
  // LRU by count, then by memory: the least recently used pipelines go first.
  while (loaded.size >= maxLoaded) await evict(loaded.keys().next().value as string);
  if (softMemoryBytes > 0)
    while (loaded.size > 0 && process.memoryUsage().rss > softMemoryBytes)
      await evict(loaded.keys().next().value as string);
  const created = (pipeline as unknown as (t: string, m: string, o: object) => Promise<Pipe>)(
    pipelineTask(task),
    modelDir,
    { device: "cpu", dtype: "fp32" },
  );
  loaded.set(key, created);
  created.catch(() => loaded.delete(key));
  return created;
}

function fastTokenizer(modelDir: string): FastTokenizer {
  let tokenizer = fastTokenizers.get(modelDir);
  if (!tokenizer) {
    tokenizer = FastTokenizer.load(path.join(modelRoot!, modelDir));
    fastTokenizers.set(modelDir, tokenizer);
  }
  return tokenizer;
}

/** Tokens the model read: each text as the pipeline cuts it (at the model's length). */
function tokensOf(pipe: Pipe, texts: string[]): number {
  const tokenizer = pipe.tokenizer;
  if (!tokenizer) return 0;
  const limit =
    tokenizer.model_max_length && tokenizer.model_max_length > 0 ? tokenizer.model_max_length : Infinity;
  return texts.reduce((sum, text) => sum + Math.min(tokenizer.encode(text).length, limit), 0);
}

/** Runs the model on one encoded sequence; its outputs by name. */
async function runModel(pipe: Pipe, encoding: TokenizedText): Promise<Record<string, Tensor>> {
  const long = (values: number[]) =>
    new Tensor(
      "int64",
      BigInt64Array.from(values, (v) => BigInt(v)),
      [1, values.length],
    );
  const feeds: Record<string, Tensor> = {
    input_ids: long(encoding.ids),
    attention_mask: long(encoding.attentionMask),
  };
  const inputs = pipe.model.sessions?.model?.inputNames ?? [];
  if (inputs.includes("token_type_ids")) feeds.token_type_ids = long(encoding.typeIds);
  return pipe.model(feeds);
}

/** Row `row` of a [1, tokens, width] tensor. */
function rowOf(tensor: Tensor, row: number): Float32Array {
  const width = tensor.dims[2];
  return (tensor.data as Float32Array).subarray(row * width, (row + 1) * width);
}

/** The model's labels by index (config.json's id2label). */
function labelsOf(pipe: Pipe): string[] {
  const id2label = pipe.model.config?.id2label ?? {};
  const labels: string[] = [];
  for (const [id, label] of Object.entries(id2label)) labels[Number(id)] = label;
  return labels;
}

async function classifyTokens(pipe: Pipe, modelDir: string, job: TaskJob & { task: "token-classification" }) {
  const tokenizer = fastTokenizer(modelDir);
  const encoding = await tokenizer.encode(job.text);
  const { logits } = await runModel(pipe, encoding);
  const probabilities = encoding.ids.map((_, i) => softmax(rowOf(logits, i)));
  const tokens = scoredTokens(job.text, encoding, probabilities, tokenizer);
  const output = aggregateTokens(
    tokens,
    labelsOf(pipe),
    job.aggregation,
    new Set(job.ignoreLabels),
    tokenizer,
  );
  return { output, promptTokens: encoding.ids.length };
}

async function answerQuestion(pipe: Pipe, modelDir: string, job: TaskJob & { task: "question-answering" }) {
  const tokenizer = fastTokenizer(modelDir);
  const maxSeqLen = job.maxSeqLen ?? Math.min(tokenizer.maxLength, 384);
  if (maxSeqLen > tokenizer.maxLength)
    throw new BadInput(
      `"parameters.max_seq_len" is ${maxSeqLen}: this model reads at most ${tokenizer.maxLength} tokens`,
    );
  const docStride = job.docStride ?? Math.min(Math.floor(maxSeqLen / 2), 128);
  if (docStride > maxSeqLen)
    throw new BadInput(`"parameters.doc_stride" (${docStride}) is larger than "max_seq_len" (${maxSeqLen})`);
  let encodings: TokenizedText[];
  try {
    encodings = await tokenizer.encodeWindows(job.question, job.context, maxSeqLen, docStride);
  } catch (err) {
    if (!(err instanceof TokenizationError)) throw err;
    throw new BadInput(
      `The question does not fit windows of ${maxSeqLen} tokens with an overlap of ${docStride}: ${err.message}; shorten the question or change "parameters.max_seq_len" / "parameters.doc_stride"`,
    );
  }
  const windows = [];
  for (const encoding of encodings) {
    const outputs = await runModel(pipe, encoding);
    windows.push({
      encoding,
      startLogits: outputs.start_logits.data as Float32Array,
      endLogits: outputs.end_logits.data as Float32Array,
    });
  }
  const answers = answersFromWindows(
    job.context,
    windows,
    tokenizer.questionFirst ? 1 : 0,
    tokenizer.clsTokenId,
    {
      topK: job.topK,
      maxAnswerLen: job.maxAnswerLen,
      handleImpossibleAnswer: job.handleImpossibleAnswer,
      alignToWords: job.alignToWords,
    },
  );
  return {
    output: answers.length === 1 ? answers[0] : answers,
    promptTokens: encodings.reduce((sum, encoding) => sum + encoding.ids.length, 0),
  };
}

function tolist(tensor: unknown): unknown {
  return (tensor as { tolist(): unknown }).tolist();
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Runs one job; the output has the Inference API's shape for the task. */
async function run(modelDir: string, job: TaskJob): Promise<{ output: unknown; promptTokens: number }> {
  const pipe = await pipeFor(modelDir, job.task);
  switch (job.task) {
    case "text-classification": {
      const output = await Promise.all(job.texts.map((text) => pipe(text, { top_k: job.topK ?? null })));
      return { output, promptTokens: tokensOf(pipe, job.texts) };
    }
    case "token-classification":
      return classifyTokens(pipe, modelDir, job);
    case "fill-mask": {
      const tokenizer = pipe.tokenizer;
      const mask = tokenizer?.mask_token;
      if (mask && !job.text.includes(mask))
        throw new BadInput(`"inputs" must contain the mask token ${mask}`);
      const limit = tokenizer?.model_max_length;
      if (tokenizer && mask && limit && limit > 0) {
        const ids = tokenizer.encode(job.text);
        if (ids.length > limit && !ids.slice(0, limit - 1).includes(tokenizer.mask_token_id ?? -1))
          throw new BadInput(
            `The mask token ${mask} is cut off: the model reads only the first ${limit} tokens of the text and every ${mask} comes after them; put it earlier or shorten the text`,
          );
      }
      const output = await pipe(job.text, { top_k: job.topK });
      return { output, promptTokens: tokensOf(pipe, [job.text]) };
    }
    case "feature-extraction": {
      // Mean pooling over the real tokens, then L2 normalisation when asked: sentence-transformers' recipe.
      const output = tolist(await pipe(job.texts, { pooling: "mean", normalize: job.normalize }));
      return { output, promptTokens: tokensOf(pipe, job.texts) };
    }
    case "sentence-similarity": {
      const texts = [job.source, ...job.sentences];
      const vectors = tolist(await pipe(texts, { pooling: "mean", normalize: true })) as number[][];
      const output = vectors.slice(1).map((vector) => cosine(vectors[0], vector));
      return { output, promptTokens: tokensOf(pipe, texts) };
    }
    case "zero-shot-classification": {
      const options: Record<string, unknown> = { multi_label: job.multiLabel };
      if (job.hypothesisTemplate) options.hypothesis_template = job.hypothesisTemplate;
      const result = (await pipe(job.text, job.labels, options)) as { labels: string[]; scores: number[] };
      const output = result.labels.map((label, i) => ({ label, score: result.scores[i] }));
      return { output, promptTokens: tokensOf(pipe, [job.text]) };
    }
    case "question-answering":
      return answerQuestion(pipe, modelDir, job);
    case "image-classification": {
      let image: RawImage;
      try {
        image = await RawImage.fromBlob(new Blob([job.image]));
      } catch {
        throw new BadInput("The body is not an image this hub can decode (JPEG, PNG, WebP, GIF, …)");
      }
      const output = await pipe(image, { top_k: job.topK });
      return { output, promptTokens: 0 };
    }
  }
}

function reply(message: WorkerReply): void {
  process.send?.(message);
}

let chain = Promise.resolve();
process.on("message", (raw: unknown) => {
  const request = raw as WorkerRequest;
  // Handled at once, not in turn: the call it stops is the one running.
  if ("cancel" in request) return cancelFamilyCall(request.cancel);
  const job = request.job;
  if (!isFamilyJob(job) && job.task === "image-classification")
    job.image = new Uint8Array(Buffer.from(job.image as unknown as string, "base64"));
  chain = chain.then(async () => {
    try {
      const result: JobResult = isFamilyJob(job)
        ? await runFamilyJob(
            request.id,
            modelRoot,
            request.modelDir,
            job,
            (task) => pipeFor(request.modelDir, task) as Promise<WorkerPipe>,
            (chunk) => reply({ id: request.id, chunk }),
          )
        : await run(request.modelDir, job);
      reply({ id: request.id, ok: true, ...result });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const badInput = err instanceof BadInput || err instanceof BadInputError;
      reply({ id: request.id, ok: false, error: message, badInput });
    }
  });
});
process.on("disconnect", () => process.exit(0));
