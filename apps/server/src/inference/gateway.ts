import type { Accounts } from "../platform/accounts.js";
import type { Logger } from "../platform/logger.js";
import { canReadRepo, requireUser } from "../platform/access-rules.js";
import { toRepoRecord, type RepoRow, type Repos } from "../platform/repos.js";
import { BackendCall } from "./backend-call.js";
import { BackendUnreachableError, ClientClosedError, backendStatusError } from "./backend-errors.js";
import { parseRequestedModel, type BackendRegistry, type ServingRoute } from "./backend-registry.js";
import { resolveBillTo } from "./bill-to.js";
import {
  backendBody,
  callerWantsUsage,
  parseCompletionPayload,
  type CompletionRoute,
} from "./completion-request.js";
import type { InferenceLimiter } from "./limits.js";
import { relayStream } from "./sse-relay.js";
import { NO_TOKENS, usageOf, type TokenCounts } from "./token-usage.js";
import type { UsageStore } from "./usage-store.js";
import { readableModel } from "./model-access.js";
import { notFound } from "../domain/errors.js";
import type { RepoAccess } from "../domain/ports.js";
import type { Viewer } from "../domain/repo.js";

/** How the caller authenticated (a token, or the web session's cookie), for backends that read the model through the hub. */
export interface CallerCredentials {
  authorization?: string;
  cookie?: string;
}

/**
 * A backend outside the config file (the ONNX backend): it serves whichever models it can run, so its
 * routes are found per model at call time.
 */
export interface DynamicBackend {
  name: string;
  /** The route to this backend for the model, or undefined when it does not serve it. */
  route(row: RepoRow, credentials: CallerCredentials): ServingRoute | undefined;
  /** The hub ids of the models it serves (GET /v1/models). */
  modelIds(): Promise<string[]>;
}

export interface GatewayDeps {
  repos: Repos;
  /** The gate of gated models (the same rule as file downloads). */
  access: Pick<RepoAccess, "downloadDenial">;
  accounts: Accounts;
  registry: BackendRegistry;
  limiter: InferenceLimiter;
  usage: UsageStore;
  logger: Logger;
  /** Told when a call could not reach a backend (the health checks then mark it staging). */
  onUnreachable?: (backendName: string) => void;
  /** Backends that decide per model whether they serve it (after the configured ones). */
  dynamicBackends?: readonly DynamicBackend[];
}

export interface CompletionCall {
  viewer: Viewer;
  route: CompletionRoute;
  body: unknown;
  billToHeader?: string;
  /** Aborts when the caller disconnects. */
  signal?: AbortSignal;
  credentials?: CallerCredentials;
}

/** An entry of `GET /v1/models` (OpenAI list shape). */
export interface ListedModel {
  id: string;
  object: "model";
  created: number;
  owned_by: string;
}

/** Who may call, which backend answers, what gets recorded: the gateway's whole decision path. */
export class InferenceGateway {
  constructor(private readonly deps: GatewayDeps) {}

  /** Hub models some backend serves and the viewer may read. */
  async listModels(viewer: Viewer): Promise<ListedModel[]> {
    requireUser(viewer);
    const listed: ListedModel[] = [];
    const dynamic = await Promise.all((this.deps.dynamicBackends ?? []).map((backend) => backend.modelIds()));
    const ids = [...new Set([...this.deps.registry.servedModelIds(), ...dynamic.flat()])];
    for (const hubId of ids) {
      const row = await this.deps.repos.find("model", hubId);
      if (!row || !canReadRepo(viewer, toRepoRecord(row))) continue;
      listed.push({
        id: row.full_id,
        object: "model",
        created: Math.floor(new Date(row.created_at).getTime() / 1000),
        owned_by: row.owner,
      });
    }
    return listed;
  }

  async complete(call: CompletionCall): Promise<Response> {
    const user = requireUser(call.viewer);
    const payload = parseCompletionPayload(call.body, call.route);
    const billTo = await resolveBillTo(this.deps.accounts, user, call.billToHeader);
    const { row, routes } = await this.servingRoutes(call.viewer, payload.model, call.credentials ?? {});
    await this.deps.limiter.admit(user);

    const startedAt = new Date();
    const record = (route: ServingRoute, status: number, usage: TokenCounts | undefined) =>
      this.record({
        user,
        billTo,
        model: row.full_id,
        backend: route.backend.name,
        route: call.route,
        streamed: payload.stream,
        promptTokens: (usage ?? NO_TOKENS).promptTokens,
        completionTokens: (usage ?? NO_TOKENS).completionTokens,
        durationMs: Date.now() - startedAt.getTime(),
        status,
        startedAt,
      });

    for (const [index, route] of routes.entries()) {
      const backendCall = new BackendCall(route, call.signal);
      let response: Response;
      try {
        response = await backendCall.send(call.route, backendBody(payload, route.backendModel));
        if (!response.ok) throw await backendStatusError(route.backend, response);
        if (payload.stream && response.body && isEventStream(response)) {
          const stream = relayStream(
            backendCall,
            response.body,
            (outcome) => record(route, outcome.status, outcome.usage),
            callerWantsUsage(payload),
          );
          return new Response(stream, {
            status: 200,
            headers: {
              "Content-Type": "text/event-stream; charset=utf-8",
              "Cache-Control": "no-cache",
              "X-Accel-Buffering": "no",
            },
          });
        }
        const json = await backendCall.readJson(response);
        backendCall.finish();
        void record(route, 200, usageOf(json));
        return Response.json(json);
      } catch (err) {
        backendCall.finish();
        if (err instanceof BackendUnreachableError) this.deps.onUnreachable?.(route.backend.name);
        const tryNext = err instanceof BackendUnreachableError && index < routes.length - 1;
        void record(route, statusOf(err), undefined);
        if (tryNext) continue;
        if (err instanceof ClientClosedError) return new Response(null, { status: 499 });
        throw err;
      }
    }
    throw notFound(`Model ${row.full_id} is not served by any inference backend of this hub`);
  }

  private async servingRoutes(
    viewer: Viewer,
    model: string,
    credentials: CallerCredentials,
  ): Promise<{ row: RepoRow; routes: ServingRoute[] }> {
    const requested = parseRequestedModel(model);
    const row = await readableModel(this.deps.repos, this.deps.access, viewer, requested.hubId);
    const dynamic = this.deps.dynamicBackends ?? [];
    let routes = [
      ...this.deps.registry.routesFor(row.full_id),
      ...dynamic.flatMap((backend) => backend.route(row, credentials) ?? []),
    ];
    if (requested.backendName !== undefined) {
      const wanted = requested.backendName.toLowerCase();
      const named = dynamic.some((backend) => backend.name.toLowerCase() === wanted);
      if (!this.deps.registry.backendNamed(requested.backendName) && !named)
        throw notFound(`No inference backend is named "${requested.backendName}" (model ${model})`);
      routes = routes.filter((route) => route.backend.name.toLowerCase() === wanted);
      if (routes.length === 0)
        throw notFound(`Inference backend "${requested.backendName}" does not serve model ${row.full_id}`);
    }
    if (routes.length === 0)
      throw notFound(`Model ${row.full_id} is not served by any inference backend of this hub`);
    return { row, routes };
  }

  /** Accounting never turns an answer into an error, nor delays it (rows are group-committed); a failed write is logged. */
  private async record(entry: Parameters<UsageStore["record"]>[0]): Promise<void> {
    try {
      await this.deps.usage.record(entry);
    } catch (err) {
      this.deps.logger.error({ err, model: entry.model }, "recording inference usage failed");
    }
  }
}

function isEventStream(response: Response): boolean {
  return (response.headers.get("Content-Type") ?? "").toLowerCase().startsWith("text/event-stream");
}

function statusOf(err: unknown): number {
  if (err instanceof ClientClosedError) return 499;
  const status = (err as { status?: unknown }).status;
  return typeof status === "number" ? status : 500;
}
