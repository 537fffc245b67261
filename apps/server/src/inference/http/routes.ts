import type { OrgUsage, PublicBackend, UserUsage } from "@modelhub/api-types";
import { clientGoneSignal } from "../../http-kit/client-gone.js";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { InferenceRouteDeps } from "./route-deps.js";
import { jsonBody } from "../../offload/json-body.js";
import { requireUser } from "../../platform/access-rules.js";
import { createRepoAccess } from "../../platform/repo-access.js";
import { BILL_TO_HEADER } from "../bill-to.js";
import type { CompletionRoute } from "../completion-request.js";
import { adminInferenceRoutes } from "./admin-routes.js";
import { attachEmbeddedBackends } from "../embedded/attach.js";
import { InferenceGateway } from "../gateway.js";
import { HealthChecker } from "../health/checker.js";
import { InferenceLimiter } from "../limits.js";
import { mountRouterRoutes } from "./router-routes.js";
import { mountTaskRoutes } from "./task-routes.js";
import { mountAudioRoutes } from "./audio-routes.js";
import { InferenceRuntime } from "../runtime.js";
import { DEFAULT_BACKEND_TIMEOUT_MS, NO_INFERENCE } from "../settings.js";
import { EmbeddingsGateway } from "../embeddings/embeddings-gateway.js";
import { mountEmbeddingsRoutes } from "./embeddings-routes.js";
import { UsageStore } from "../usage-store.js";
import { forbidden, notFound } from "../../domain/errors.js";
import { boundedBody } from "../../http-kit/body-limit.js";

/** Largest completion request accepted (images in messages arrive base64-encoded). */
export const MAX_COMPLETION_BODY_BYTES = 16 * 1024 * 1024;
const USAGE_WINDOW_DAYS = 30;

/**
 * The inference gateway (OpenAI-compatible, so `base_url=<hub>/v1` and `endpointUrl=<hub>` work):
 * GET /v1/models, POST /v1/chat/completions, POST /v1/completions, POST /v1/embeddings; and the usage views
 * GET /api/inference/usage, GET /api/organizations/{org}/inference/usage.
 */
export function inferenceRoutes(deps: InferenceRouteDeps): Hono<AppEnv> {
  const runtime = deps.inferenceRuntime ?? new InferenceRuntime(deps.inference ?? NO_INFERENCE);
  const settings = runtime.settings;
  const usage = new UsageStore(deps.db);
  // An app built without the server (tests) gets a checker that only runs when asked.
  const health = deps.inferenceHealth ?? new HealthChecker(runtime, deps.repos, deps.logger, settings.health);
  const engines = attachEmbeddedBackends(settings.backends, {
    repos: deps.repos,
    content: deps.content,
    logger: deps.logger,
    loadBinding: deps.embeddedLlamaLoader,
    registerProbe: (kind, probe) => health.registerProbe(kind, probe),
  });
  const access = createRepoAccess(deps.repos, deps.db);
  const limiter = new InferenceLimiter(settings.limits, usage);
  const gateway = new InferenceGateway({
    repos: deps.repos,
    access,
    accounts: deps.accounts,
    registry: runtime.registry,
    limiter,
    usage,
    logger: deps.logger,
    onUnreachable: (name) => health.reportUnreachable(name),
    dynamicBackends: deps.onnxBackend?.settings.enabled ? [deps.onnxBackend.generationBackend(deps.db)] : [],
  });
  const embeddings = new EmbeddingsGateway({
    repos: deps.repos,
    access: createRepoAccess(deps.repos, deps.db),
    accounts: deps.accounts,
    backends: [
      ...engines.map((engine) => engine.embeddings),
      ...(deps.onnxBackend ? [deps.onnxBackend] : []),
      ...(deps.embeddingBackends ?? []),
    ],
    limiter,
    usage,
    logger: deps.logger,
    timeoutMs: DEFAULT_BACKEND_TIMEOUT_MS,
  });
  const app = new Hono<AppEnv>();

  const completionBodyLimit = boundedBody(
    MAX_COMPLETION_BODY_BYTES,
    `Request body is larger than ${MAX_COMPLETION_BODY_BYTES} bytes`,
  );
  // Audio uploads have their own (larger) bound: audio-routes.ts.
  app.use("/v1/*", (c, next) =>
    c.req.path.startsWith("/v1/audio/") ? next() : completionBodyLimit(c, next),
  );

  // Public: which backends exist and whether they are up (the web app's try-it box asks).
  app.get("/api/inference/backends", (c) => c.json(runtime.publicBackends() satisfies PublicBackend[]));

  app.route("/", adminInferenceRoutes(deps, runtime, health));

  app.get("/v1/models", async (c) => {
    const data = await gateway.listModels(c.var.viewer);
    return c.json({ object: "list", data });
  });

  const complete = (route: CompletionRoute) =>
    app.post(`/v1/${route}`, async (c) => {
      requireUser(c.var.viewer);
      return gateway.complete({
        viewer: c.var.viewer,
        route,
        body: await jsonBody(c, z.unknown()),
        billToHeader: c.req.header(BILL_TO_HEADER),
        signal: clientGoneSignal(c),
        credentials: { authorization: c.req.header("Authorization"), cookie: c.req.header("Cookie") },
      });
    });
  complete("chat/completions");
  complete("completions");
  if (deps.onnxBackend) {
    const taskDeps = {
      backend: deps.onnxBackend,
      repos: deps.repos,
      access,
      accounts: deps.accounts,
      limiter,
      usage,
      onRecordError: (err: unknown) => deps.logger.error({ err }, "recording inference usage failed"),
      embedders: [...engines.map((engine) => engine.embeddings), ...(deps.embeddingBackends ?? [])],
    };
    mountTaskRoutes(app, taskDeps);
    mountAudioRoutes(app, taskDeps);
  }
  mountRouterRoutes(app, gateway, runtime, completionBodyLimit);
  mountEmbeddingsRoutes(app, embeddings);

  app.get("/api/inference/usage", async (c) => {
    const user = requireUser(c.var.viewer);
    const { since, until } = usageWindow();
    return c.json({ user, ...(await usage.userReport(user, since, until)) } satisfies UserUsage);
  });

  app.get("/api/organizations/:org/inference/usage", async (c) => {
    const viewer = c.var.viewer;
    const user = requireUser(viewer);
    const org = await deps.accounts.findOrg(c.req.param("org"));
    if (!org) throw notFound(`Organization ${c.req.param("org")} not found`);
    const membership = (await deps.accounts.orgsOf(user)).find((row) => row.name === org.name);
    if (!membership && viewer.isAdmin !== true)
      throw forbidden(`Only members of ${org.name} can see its inference usage`);
    const { since, until } = usageWindow();
    const { users, ...report } = await usage.orgReport(org.name, since, until);
    // Per-user lines are for the org's admins (and site admins); members see the totals.
    const canSeeUsers = viewer.isAdmin === true || membership?.role === "admin";
    return c.json({ org: org.name, ...report, ...(canSeeUsers ? { users } : {}) } satisfies OrgUsage);
  });

  return app;
}

function usageWindow(): { since: Date; until: Date } {
  const until = new Date();
  return { since: new Date(until.getTime() - USAGE_WINDOW_DAYS * 24 * 60 * 60 * 1000), until };
}
