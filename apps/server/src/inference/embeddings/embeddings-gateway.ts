import type { Accounts } from "../../platform/accounts.js";
import type { Logger } from "../../platform/logger.js";
import { requireUser } from "../../platform/access-rules.js";
import type { Repos } from "../../platform/repos.js";
import { resolveBillTo } from "../bill-to.js";
import type { InferenceLimiter } from "../limits.js";
import { readableModel } from "../model-access.js";
import type { UsageRecord, UsageStore } from "../usage-store.js";
import type { EmbeddingBackend } from "./embedding-backend.js";
import { embeddingBackendName } from "./embedding-task.js";
import { parseEmbeddingsRequest } from "./embeddings-request.js";
import { embeddingsAnswer, type EmbeddingsAnswer } from "./embeddings-response.js";
import { badRequest, HttpError } from "../../domain/errors.js";
import type { RepoAccess } from "../../domain/ports.js";
import type { Viewer } from "../../domain/repo.js";

export interface EmbeddingsGatewayDeps {
  repos: Repos;
  access: Pick<RepoAccess, "downloadDenial">;
  accounts: Accounts;
  /** Asked in order: the first that can embed with a model serves it. */
  backends: readonly EmbeddingBackend[];
  limiter: InferenceLimiter;
  usage: UsageStore;
  logger: Logger;
  /** A call running longer is cancelled and answered 504. */
  timeoutMs: number;
}

export interface EmbeddingsCall {
  viewer: Viewer;
  body: unknown;
  billToHeader?: string;
  /** Aborts when the caller disconnects. */
  signal: AbortSignal;
}

/** The caller left before the answer: nothing to send (the usage row says 499). */
export class EmbeddingsCallerGone extends Error {}

const ROUTE = "embeddings";

/** `POST /v1/embeddings`: the chat gateway's rules (auth, gate, bill-to, limits, usage rows) for vectors. */
export class EmbeddingsGateway {
  constructor(private readonly deps: EmbeddingsGatewayDeps) {}

  async embed(call: EmbeddingsCall): Promise<EmbeddingsAnswer> {
    const user = requireUser(call.viewer);
    const request = parseEmbeddingsRequest(call.body);
    const billTo = await resolveBillTo(this.deps.accounts, user, call.billToHeader);
    const row = await readableModel(this.deps.repos, this.deps.access, call.viewer, request.model);
    const backend = await this.backendFor(row.full_id);
    await this.deps.limiter.admit(user);

    const startedAt = new Date();
    const record = (status: number, promptTokens: number) =>
      this.record({
        user,
        billTo,
        model: row.full_id,
        backend: embeddingBackendName(backend),
        route: ROUTE,
        streamed: false,
        promptTokens,
        completionTokens: 0,
        durationMs: Date.now() - startedAt.getTime(),
        status,
        startedAt,
      });
    const timeout = AbortSignal.timeout(this.deps.timeoutMs);
    let result: Awaited<ReturnType<EmbeddingBackend["embed"]>>;
    try {
      result = await backend.embed(row.full_id, request.inputs, AbortSignal.any([call.signal, timeout]));
    } catch (err) {
      const failure = call.signal.aborted
        ? new EmbeddingsCallerGone()
        : timeout.aborted
          ? new HttpError(504, `The embedding backend did not answer within ${this.deps.timeoutMs} ms`)
          : asHttpError(err, row.full_id);
      void record(failure instanceof HttpError ? failure.status : 499, 0);
      throw failure;
    }
    const size = result.vectors[0]?.length ?? 0;
    if (request.dimensions !== undefined && request.dimensions !== size) {
      void record(400, result.promptTokens);
      throw badRequest(
        `"dimensions": ${row.full_id} makes vectors of ${size} dimensions and cannot shorten them; leave "dimensions" out or send ${size}`,
      );
    }
    void record(200, result.promptTokens);
    return embeddingsAnswer(row.full_id, result.vectors, result.promptTokens, request.encoding);
  }

  private async backendFor(hubId: string): Promise<EmbeddingBackend> {
    for (const backend of this.deps.backends) if (await backend.canEmbed(hubId)) return backend;
    throw badRequest(
      `Model ${hubId} is not an embedding model this hub can run (it serves GGUF embedding models and feature-extraction models)`,
    );
  }

  /** Accounting never turns an answer into an error, nor delays it (rows are group-committed); a failed write is logged. */
  private async record(entry: UsageRecord): Promise<void> {
    try {
      await this.deps.usage.record(entry);
    } catch (err) {
      this.deps.logger.error({ err, model: entry.model }, "recording inference usage failed");
    }
  }
}

function asHttpError(err: unknown, model: string): HttpError {
  if (err instanceof HttpError) return err;
  const message = err instanceof Error ? err.message.split("\n")[0] : String(err);
  return new HttpError(502, `The embedding backend failed on ${model}: ${message}`);
}
