import type { Token } from "node-llama-cpp";
import type { Repos } from "../../platform/repos.js";
import type { EmbeddingBackend } from "../embeddings/embedding-backend.js";
import { normalized } from "../embeddings/embeddings-response.js";
import type { BackendSettings } from "../settings.js";
import { EmbeddingPool, type EmbeddingLease } from "./embedding-pool.js";
import { bindingFailureReason, type LlamaBinding } from "./llama-binding.js";
import { ModelTooLargeError } from "./lru-model-pool.js";
import { findModelFile } from "./model-source.js";
import { charLimitFor, CHARS_PER_TOKEN_BOUND, DEFAULT_EMBEDDING_CONTEXT } from "./prompt-bounds.js";
import { promptTokenizer } from "./prompt-tokenizer.js";
import { badRequest, HttpError } from "../../domain/errors.js";
import type { RepoContent } from "../../domain/ports.js";

/** Tasks whose models the embedded backend runs as embedding models. */
const EMBEDDING_TASKS = new Set(["feature-extraction", "sentence-similarity"]);

/** What the embeddings side borrows from its engine: llama.cpp itself and the engine's slots. */
export interface EmbeddingEngineParts {
  backend: BackendSettings;
  repos: Repos;
  content: RepoContent;
  /** llama.cpp, or the engine's "unavailable" error. */
  binding(): Promise<LlamaBinding>;
  /** A slot of the engine (shared with generations: both keep the CPU busy); 503 when the queue is full. */
  takeSlot(signal: AbortSignal): Promise<() => void>;
}

/**
 * POST /v1/embeddings on llama.cpp: the GGUF models of an `embedded` backend whose task is
 * feature-extraction or sentence-similarity, through llama.cpp's embedding context (the model's own
 * pooling), each vector scaled to length 1.
 */
export class LlamaEmbeddingBackend implements EmbeddingBackend {
  private pool: EmbeddingPool | undefined;

  constructor(private readonly parts: EmbeddingEngineParts) {}

  /** The backend's name, for usage rows. */
  get name(): string {
    return this.parts.backend.name;
  }

  async canEmbed(repoId: string): Promise<boolean> {
    if (this.parts.backend.embedded?.files[repoId.toLowerCase()] === undefined) return false;
    const row = await this.parts.repos.find("model", repoId);
    return row !== undefined && EMBEDDING_TASKS.has(row.pipeline_tag ?? "");
  }

  async embed(
    repoId: string,
    inputs: string[],
    signal: AbortSignal,
  ): Promise<{ vectors: number[][]; promptTokens: number }> {
    const { backend, repos, content } = this.parts;
    // Bounded by characters before anything tokenises them (README "Inference gateway").
    const context = backend.embedded?.contextSize ?? DEFAULT_EMBEDDING_CONTEXT;
    const maxChars = charLimitFor(context);
    const overLong = inputs.findIndex((text) => text.length > maxChars);
    if (overLong >= 0)
      throw badRequest(
        `"input"[${overLong}] is ${inputs[overLong].length} characters; ${repoId} embeds at most ${maxChars} characters (${CHARS_PER_TOKEN_BOUND} per token of its ${context}-token context) on this hub`,
      );
    const binding = await this.parts.binding();
    const choice = backend.embedded?.files[repoId.toLowerCase()] ?? "auto";
    const source = await findModelFile(repos, content, repoId, choice);
    if (!source.ok) throw new HttpError(503, `Embedded inference backend cannot serve it: ${source.reason}`);
    const releaseSlot = await this.parts.takeSlot(signal);
    let lease: EmbeddingLease | undefined;
    try {
      lease = await this.poolFor(binding).lease(source.file);
      return await embedAll(lease, source.file.localPath, repoId, inputs, signal);
    } catch (err) {
      if (err instanceof ModelTooLargeError || (lease === undefined && !signal.aborted))
        throw new HttpError(
          503,
          `Embedded inference backend cannot load ${repoId}: ${bindingFailureReason(err)}`,
        );
      throw err;
    } finally {
      lease?.release();
      releaseSlot();
    }
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }

  private poolFor(binding: LlamaBinding): EmbeddingPool {
    const options = this.parts.backend.embedded;
    this.pool ??= new EmbeddingPool(binding, {
      maxLoadedModels: options?.maxLoadedModels ?? 1,
      maxMemoryBytes: options?.maxMemoryBytes,
      contextSize: options?.contextSize,
      threads: options?.threads,
    });
    return this.pool;
  }
}

/** Inputs handed to the tokenizer thread at once (a caller that leaves stops the rest). */
const TOKENIZE_BATCH = 64;

async function embedAll(
  lease: EmbeddingLease,
  modelPath: string,
  repoId: string,
  inputs: string[],
  signal: AbortSignal,
): Promise<{ vectors: number[][]; promptTokens: number }> {
  // the model's own context bounds the characters too, before any of them is tokenised
  const maxChars = charLimitFor(lease.contextSize);
  const overLong = inputs.findIndex((text) => text.length > maxChars);
  if (overLong >= 0)
    throw badRequest(
      `"input"[${overLong}] is ${inputs[overLong].length} characters; ${repoId} embeds at most ${lease.contextSize - 1} tokens on this hub`,
    );
  const tokenized: Token[][] = [];
  const lengths: number[] = [];
  for (let start = 0; start < inputs.length; start += TOKENIZE_BATCH) {
    signal.throwIfAborted();
    for (const tokens of await promptTokenizer.plain(
      modelPath,
      inputs.slice(start, start + TOKENIZE_BATCH),
    )) {
      // llama.cpp adds the model's BOS / EOS around each input, as it does to text
      const length = lease.context.calculateInputLength(tokens);
      if (length >= lease.contextSize)
        throw badRequest(
          `"input"[${tokenized.length}] is ${length} tokens; ${repoId} embeds at most ${lease.contextSize - 1} on this hub`,
        );
      tokenized.push(tokens);
      lengths.push(length);
    }
  }
  const vectors: number[][] = [];
  for (const tokens of tokenized) {
    signal.throwIfAborted();
    vectors.push(normalized((await lease.context.getEmbeddingFor(tokens)).vector));
  }
  return { vectors, promptTokens: lengths.reduce((sum, length) => sum + length, 0) };
}
