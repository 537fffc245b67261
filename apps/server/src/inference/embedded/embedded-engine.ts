import type { Token } from "node-llama-cpp";
import type { Logger } from "../../platform/logger.js";
import type { Repos } from "../../platform/repos.js";
import { BackendUnavailableError } from "../backend-errors.js";
import type { BackendRequestInit, BackendSettings, EmbeddedBackendOptions } from "../settings.js";
import { GenerationSlots, QueueFullError } from "./generation-slots.js";
import { LlamaEmbeddingBackend } from "./llama-embeddings.js";
import {
  bindingFailureReason,
  loadLlamaBinding,
  type LlamaBinding,
  type LlamaBindingLoader,
} from "./llama-binding.js";
import { ModelTooLargeError } from "./lru-model-pool.js";
import { ModelPool, type ModelLease } from "./model-pool.js";
import { findModelFile } from "./model-source.js";
import { BadGenerationRequest, parseGenerationRequest, type GenerationRequest } from "./openai-request.js";
import { OpenAiAnswer } from "./openai-response.js";
import { bufferedStream, streamed, whole, type ReplyShape } from "./answer-writers.js";
import {
  charLimitFor,
  CHARS_PER_TOKEN_BOUND,
  DEFAULT_GENERATION_CONTEXT,
  textChars,
} from "./prompt-bounds.js";
import { promptTokenizer } from "./prompt-tokenizer.js";
import { grammarFor } from "./output-grammar.js";
import { generateText, type GenerationEnd, type GenerationHooks } from "./text-generation.js";
import type { TokenLogprob } from "./token-logprobs.js";
import { HttpError } from "../../domain/errors.js";
import type { RepoContent } from "../../domain/ports.js";

export interface EmbeddedEngineDeps {
  repos: Repos;
  content: RepoContent;
  logger: Logger;
  /** node-llama-cpp by default; tests inject a failing one. */
  loadBinding?: LlamaBindingLoader;
}

/** Whether llama.cpp is loaded, failed, or not tried yet (it loads on first use or `warmUp`). */
export type EngineState = { state: "idle" | "ready" } | { state: "failed"; reason: string };

const ROUTES = new Set(["chat/completions", "completions"]);

/**
 * One `embedded` backend: llama.cpp in the hub process, answering the gateway's requests through the
 * transport seam exactly as an OpenAI-compatible server would (JSON, or SSE with a usage chunk and
 * `[DONE]`). Generations take a slot (bounded queue), models come from the pool (LRU, memory bound).
 */
export class EmbeddedEngine {
  private binding: Promise<LlamaBinding> | undefined;
  private status: EngineState = { state: "idle" };
  private pool: ModelPool | undefined;
  private readonly slots: GenerationSlots;
  private readonly options: EmbeddedBackendOptions;
  /** POST /v1/embeddings for this backend's embedding models. */
  readonly embeddings: LlamaEmbeddingBackend;

  constructor(
    private readonly backend: BackendSettings,
    private readonly deps: EmbeddedEngineDeps,
  ) {
    if (!backend.embedded) throw new Error(`backend ${backend.name} is not an embedded backend`);
    this.options = backend.embedded;
    this.slots = new GenerationSlots(this.options.concurrency, this.options.maxQueue);
    this.embeddings = new LlamaEmbeddingBackend({
      backend,
      repos: deps.repos,
      content: deps.content,
      binding: () =>
        this.ready().catch(() => {
          throw this.unavailable();
        }),
      takeSlot: (signal) => this.takeSlot(signal),
    });
  }

  get state(): EngineState {
    return this.status;
  }

  /** Loads llama.cpp now (in the background); a failure is logged once, here or at first use. */
  warmUp(): Promise<void> {
    return this.ready().then(
      () => undefined,
      () => undefined,
    );
  }

  /** The `BackendTransport` of this backend. */
  readonly transport = async (path: string, init: BackendRequestInit): Promise<Response> => {
    if (!ROUTES.has(path)) return Response.json({ error: `Unknown route /${path}` }, { status: 404 });
    // Bounded by characters before anything walks or tokenises the text (README "Inference gateway").
    const context = this.options.contextSize ?? DEFAULT_GENERATION_CONTEXT;
    const maxChars = charLimitFor(context);
    const chars = textChars(init.json, maxChars);
    if (chars > maxChars)
      return Response.json(
        {
          error: `The prompt is too long for this backend: more than ${maxChars} characters of text (at most ${CHARS_PER_TOKEN_BOUND} per token of its ${context}-token context); shorten it`,
        },
        { status: 400 },
      );
    let request: GenerationRequest;
    try {
      request = parseGenerationRequest(path, init.json);
    } catch (err) {
      if (err instanceof BadGenerationRequest) return Response.json({ error: err.message }, { status: 400 });
      throw err;
    }
    const binding = await this.ready().catch(() => {
      throw this.unavailable();
    });
    let grammar: Awaited<ReturnType<typeof grammarFor>>;
    try {
      grammar = await grammarFor(binding.llama, request.output);
    } catch (err) {
      if (err instanceof BadGenerationRequest) return Response.json({ error: err.message }, { status: 400 });
      throw err;
    }
    const choice = this.options.files[request.model.toLowerCase()] ?? "auto";
    const source = await findModelFile(this.deps.repos, this.deps.content, request.model, choice);
    if (!source.ok) throw new HttpError(503, `Embedded inference backend cannot serve it: ${source.reason}`);

    const releaseSlot = await this.takeSlot(init.signal);
    let lease: ModelLease | undefined;
    try {
      lease = await this.poolFor(binding).lease(source.file);
      const contextChars = charLimitFor(lease.sequence.contextSize);
      if (chars > contextChars) {
        lease.release();
        releaseSlot();
        return Response.json(
          {
            error: `The prompt is too long for this model: ${chars} characters of text, at most ${contextChars} (${CHARS_PER_TOKEN_BOUND} per token of its ${lease.sequence.contextSize}-token context); shorten it`,
          },
          { status: 400 },
        );
      }
      const prompt = await promptTokens(source.file.localPath, request);
      if (prompt.length >= lease.sequence.contextSize) {
        lease.release();
        releaseSlot();
        return Response.json(
          {
            error: `The prompt is ${prompt.length} tokens; this backend's context holds ${lease.sequence.contextSize}`,
          },
          { status: 400 },
        );
      }
      const reply: ReplyShape = { mode: request.output, logprobs: request.logprobs ? [] : undefined };
      const hooks: GenerationHooks = {
        grammar: grammar && new binding.lib.LlamaGrammarEvaluationState({ model: lease.model, grammar }),
        logprobs: request.logprobs && {
          top: request.logprobs.top,
          collect: (entry: TokenLogprob) => reply.logprobs?.push(entry),
        },
      };
      const generation = this.guarded(
        generateText(lease.sequence, prompt, request.sampling, hooks),
        lease,
        releaseSlot,
      );
      const answer = new OpenAiAnswer(request.prompt.kind === "chat", request.model);
      if (!request.stream) return await whole(generation, answer, init.signal, reply);
      return request.output.kind === "tools"
        ? await bufferedStream(generation, answer, request.includeUsage, init.signal, reply)
        : streamed(generation, answer, request.includeUsage, init.signal, reply);
    } catch (err) {
      lease?.release();
      releaseSlot();
      // A file llama.cpp refuses (or one too big for the pool) is the admin's to fix: say which and why.
      if (err instanceof ModelTooLargeError || (lease === undefined && !init.signal.aborted))
        throw new HttpError(
          503,
          `Embedded inference backend cannot load ${request.model}: ${bindingFailureReason(err)}`,
        );
      throw err;
    }
  };

  /** Unloads every model (hub shutdown). */
  async close(): Promise<void> {
    await Promise.all([this.pool?.close(), this.embeddings.close()]);
  }

  /** A generation (or embedding) slot; 503 when the queue is full too. */
  private async takeSlot(signal: AbortSignal): Promise<() => void> {
    try {
      return await this.slots.acquire(signal);
    } catch (err) {
      if (err instanceof QueueFullError)
        throw new HttpError(
          503,
          `Embedded inference backend is busy (${this.options.concurrency} generating, ${this.options.maxQueue} waiting); try again shortly`,
        );
      throw err;
    }
  }

  private ready(): Promise<LlamaBinding> {
    this.binding ??= (this.deps.loadBinding ?? loadLlamaBinding)().then(
      (binding) => {
        this.status = { state: "ready" };
        return binding;
      },
      (err: unknown) => {
        const reason = bindingFailureReason(err);
        this.status = { state: "failed", reason };
        this.deps.logger.warn(
          { backend: this.backend.name, reason },
          `Embedded inference backend unavailable: ${reason}`,
        );
        throw err;
      },
    );
    return this.binding;
  }

  private unavailable(): BackendUnavailableError {
    const reason = this.status.state === "failed" ? this.status.reason : "llama.cpp did not load";
    return new BackendUnavailableError(
      this.backend.name,
      `Embedded inference backend unavailable: ${reason}`,
    );
  }

  private poolFor(binding: LlamaBinding): ModelPool {
    this.pool ??= new ModelPool(binding, {
      maxLoadedModels: this.options.maxLoadedModels,
      maxMemoryBytes: this.options.maxMemoryBytes,
      sequences: this.options.concurrency,
      contextSize: this.options.contextSize,
      threads: this.options.threads,
    });
    return this.pool;
  }

  /** The generation, giving the sequence and the slot back however it ends (done, error, abandoned). */
  private async *guarded(
    generation: AsyncGenerator<string, GenerationEnd, void>,
    lease: ModelLease,
    releaseSlot: () => void,
  ): AsyncGenerator<string, GenerationEnd, void> {
    try {
      return yield* generation;
    } finally {
      lease.release();
      releaseSlot();
    }
  }
}

/** The prompt's tokens, written (chat template) and tokenised on the tokenizer thread. */
function promptTokens(modelPath: string, request: GenerationRequest): Promise<Token[]> {
  return request.prompt.kind === "chat"
    ? promptTokenizer.chat(modelPath, request.prompt.history)
    : promptTokenizer.completion(modelPath, request.prompt.prompt);
}
