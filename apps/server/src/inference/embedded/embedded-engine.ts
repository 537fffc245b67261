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
import { ModelPool, ModelTooLargeError, type ModelLease } from "./model-pool.js";
import { findModelFile } from "./model-source.js";
import { BadGenerationRequest, parseGenerationRequest, type GenerationRequest } from "./openai-request.js";
import { OpenAiAnswer, sseEvent } from "./openai-response.js";
import { generateText, type GenerationEnd } from "./text-generation.js";
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

/** What a generation given up early "returns" (nobody reads it). */
const ABANDONED: GenerationEnd = { finishReason: "stop", promptTokens: 0, completionTokens: 0 };

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
    let request: GenerationRequest;
    try {
      request = parseGenerationRequest(path, JSON.parse(init.body));
    } catch (err) {
      if (err instanceof BadGenerationRequest || err instanceof SyntaxError)
        return Response.json({ error: err.message }, { status: 400 });
      throw err;
    }
    const binding = await this.ready().catch(() => {
      throw this.unavailable();
    });
    const choice = this.options.files[request.model.toLowerCase()] ?? "auto";
    const source = await findModelFile(this.deps.repos, this.deps.content, request.model, choice);
    if (!source.ok) throw new HttpError(503, `Embedded inference backend cannot serve it: ${source.reason}`);

    const releaseSlot = await this.takeSlot(init.signal);
    let lease: ModelLease | undefined;
    try {
      lease = await this.poolFor(binding).lease(source.file);
      const prompt = promptTokens(lease, request);
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
      const generation = this.guarded(
        generateText(lease.sequence, prompt, request.sampling),
        lease,
        releaseSlot,
      );
      const answer = new OpenAiAnswer(request.prompt.kind === "chat", request.model);
      return request.stream
        ? streamed(generation, answer, request.includeUsage, init.signal)
        : await whole(generation, answer, init.signal);
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

function promptTokens(lease: ModelLease, request: GenerationRequest): Token[] {
  const { model } = lease;
  if (request.prompt.kind === "chat") {
    // An empty model turn at the end makes the template write the assistant's opening.
    const history = [...request.prompt.history, { type: "model" as const, response: [] }];
    return lease.chatWrapper
      .generateContextState({ chatHistory: history })
      .contextText.tokenize(model.tokenizer);
  }
  const tokens = model.tokenize(request.prompt.prompt);
  const bos = model.tokens.bos;
  return model.tokens.shouldPrependBosToken && bos !== null && tokens[0] !== bos ? [bos, ...tokens] : tokens;
}

async function whole(
  generation: AsyncGenerator<string, GenerationEnd, void>,
  answer: OpenAiAnswer,
  signal: AbortSignal,
): Promise<Response> {
  let text = "";
  for (;;) {
    if (signal.aborted) {
      await generation.return(ABANDONED);
      throw signal.reason instanceof Error ? signal.reason : new Error("aborted");
    }
    const next = await generation.next();
    if (next.done) return Response.json(answer.whole(text, next.value));
    text += next.value;
  }
}

/** SSE pulled by the reader: one token's text per event, then finish, usage and `[DONE]`. */
function streamed(
  generation: AsyncGenerator<string, GenerationEnd, void>,
  answer: OpenAiAnswer,
  includeUsage: boolean,
  signal: AbortSignal,
): Response {
  const stop = () => void generation.return(ABANDONED).catch(() => undefined);
  // After the reader left, late pieces have nowhere to go.
  const send = (controller: ReadableStreamDefaultController<Uint8Array>, bytes: Uint8Array) => {
    try {
      controller.enqueue(bytes);
    } catch {
      stop();
    }
  };
  signal.addEventListener("abort", stop, { once: true });
  const opening = answer.opening();
  let opened = opening === undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!opened && opening) {
          opened = true;
          send(controller, sseEvent(opening));
          return;
        }
        let next: IteratorResult<string, GenerationEnd>;
        try {
          next = await generation.next();
        } catch (err) {
          signal.removeEventListener("abort", stop);
          controller.error(err);
          return;
        }
        if (!next.done) {
          if (next.value !== "") send(controller, sseEvent(answer.piece(next.value)));
          return;
        }
        signal.removeEventListener("abort", stop);
        send(controller, sseEvent(answer.finish(next.value)));
        if (includeUsage) send(controller, sseEvent(answer.usage(next.value)));
        send(controller, sseEvent("[DONE]"));
        try {
          controller.close();
        } catch {
          // already cancelled by the reader
        }
      },
      cancel() {
        signal.removeEventListener("abort", stop);
        stop();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, {
    status: 200,
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
