/**
 * The ONNX worker process: runs transformers.js pipelines on onnxruntime-node (CPU) for the parent
 * hub, one call at a time, over the IPC channel. Model files come from the model root given as the
 * first argument (filled by the parent from the hub's store); nothing is fetched from a network.
 * A crash, a runaway allocation or a parser bug here kills only this process.
 */
import { env, pipeline, RawImage } from "@huggingface/transformers";
import { groupEntities, type TaggedToken } from "./entity-groups.js";
import { BadInputError, type WorkerPipe } from "./families/worker-api.js";
import { cancelFamilyCall, runFamilyJob } from "./families/worker-dispatch.js";
import {
  isFamilyJob,
  type JobResult,
  type TaskJob,
  type WorkerReply,
  type WorkerRequest,
} from "./worker-protocol.js";

type Pipe = ((...args: unknown[]) => Promise<unknown>) & {
  tokenizer?: { encode(text: string): number[] };
  dispose(): Promise<void>;
};

const modelRoot = process.argv[2];
const maxLoaded = Number(process.argv[3] ?? 4);
const softMemoryBytes = Number(process.argv[4] ?? 0);
/** onnxruntime threads per session: the workers share the cores rather than each spinning on all of them. */
const threads = Number(process.argv[5] ?? 0);
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

/** Which transformers.js pipeline runs a Hub task. */
function pipelineTask(task: string): string {
  return task === "sentence-similarity" ? "feature-extraction" : task;
}

async function evict(key: string): Promise<void> {
  const pipe = loaded.get(key);
  loaded.delete(key);
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
    {
      device: "cpu",
      dtype: "fp32",
      ...(threads > 0 ? { session_options: { intraOpNumThreads: threads, interOpNumThreads: 1 } } : {}),
    },
  );
  loaded.set(key, created);
  created.catch(() => loaded.delete(key));
  return created;
}

function tokensOf(pipe: Pipe, texts: string[]): number {
  if (!pipe.tokenizer) return 0;
  return texts.reduce((sum, text) => sum + pipe.tokenizer!.encode(text).length, 0);
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
    case "token-classification": {
      const tokens = (await pipe(job.text, { ignore_labels: [] })) as TaggedToken[];
      const output = groupEntities(job.text, tokens, new Set(job.ignoreLabels));
      return { output, promptTokens: tokensOf(pipe, [job.text]) };
    }
    case "fill-mask": {
      const mask = (pipe.tokenizer as { mask_token?: string } | undefined)?.mask_token;
      if (mask && !job.text.includes(mask))
        throw new BadInput(`"inputs" must contain the mask token ${mask}`);
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
    case "question-answering": {
      const result = (await pipe(job.question, job.context, { top_k: job.topK })) as
        { answer: string; score: number } | { answer: string; score: number }[];
      const answers = (Array.isArray(result) ? result : [result]).map((a) => withOffsets(job.context, a));
      return {
        output: job.topK === 1 ? answers[0] : answers,
        promptTokens: tokensOf(pipe, [job.question, job.context]),
      };
    }
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

/** `start`/`end` of an extracted answer in the context (transformers.js gives the text only). */
function withOffsets(context: string, answer: { answer: string; score: number }) {
  const at = context.toLowerCase().indexOf(answer.answer.toLowerCase());
  return {
    answer: at >= 0 ? context.slice(at, at + answer.answer.length) : answer.answer,
    score: answer.score,
    start: Math.max(at, 0),
    end: at >= 0 ? at + answer.answer.length : 0,
  };
}

class BadInput extends Error {}

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
