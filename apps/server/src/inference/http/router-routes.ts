import type { Context, Hono, MiddlewareHandler } from "hono";
import { clientGoneSignal } from "../../http-kit/client-gone.js";
import { z } from "zod";
import type { AppEnv } from "../../http-kit/contracts.js";
import { jsonBody } from "../../offload/json-body.js";
import { requireUser } from "../../platform/access-rules.js";
import { BILL_TO_HEADER } from "../bill-to.js";
import type { CompletionRoute } from "../completion-request.js";
import type { InferenceGateway } from "../gateway.js";
import type { InferenceRuntime } from "../runtime.js";
import { modelOfPath, modelPinnedTo, objectBody, textGenerationCall } from "../router-paths.js";

/**
 * The router's per-provider and per-model addresses, so snippets written for a Hub router work with
 * `<hub>` in its place:
 * POST /{backend}/v1/chat/completions                    the backend chosen by the path
 * POST /hf-inference/models/{owner}/{name}/v1/chat/completions, …/v1/completions   the model of the path
 * POST /hf-inference/models/{owner}/{name}               the text-generation task API (`inputs`)
 */
export function mountRouterRoutes(
  app: Hono<AppEnv>,
  gateway: InferenceGateway,
  runtime: InferenceRuntime,
  limit: MiddlewareHandler<AppEnv>,
): void {
  const call = async (c: Context<AppEnv>, route: CompletionRoute, body: Record<string, unknown>) =>
    gateway.complete({
      viewer: c.var.viewer,
      route,
      body,
      billToHeader: c.req.header(BILL_TO_HEADER),
      signal: clientGoneSignal(c),
      credentials: { authorization: c.req.header("Authorization"), cookie: c.req.header("Cookie") },
    });
  const pathId = (c: Context<AppEnv>) => `${c.req.param("owner")}/${c.req.param("name")}`;

  for (const route of ["chat/completions", "completions"] as const) {
    app.post(`/hf-inference/models/:owner/:name/v1/${route}`, limit, async (c) => {
      requireUser(c.var.viewer);
      const body = objectBody(await jsonBody(c, z.unknown()), c.req.path);
      return call(c, route, { ...body, model: modelOfPath(pathId(c), body.model) });
    });
  }

  app.post("/hf-inference/models/:owner/:name", limit, async (c) => {
    requireUser(c.var.viewer);
    const body = objectBody(await jsonBody(c, z.unknown()), c.req.path);
    const task = textGenerationCall(modelOfPath(pathId(c), body.model), body);
    const response = await call(c, "completions", task.completion);
    if (!response.ok) return response;
    const answer = (await response.json()) as { choices?: { text?: unknown }[] };
    const text = typeof answer.choices?.[0]?.text === "string" ? answer.choices[0].text : "";
    return c.json([{ generated_text: task.returnFullText ? task.prompt + text : text }]);
  });

  // Only backend names are taken here; any other first segment is left to the routes mounted after.
  const backendNamed = (c: Context<AppEnv>) => runtime.registry.backendNamed(c.req.param("backend") ?? "");
  app.post(
    "/:backend/v1/chat/completions",
    async (c, next) => (backendNamed(c) ? limit(c, next) : next()),
    async (c, next) => {
      const backend = backendNamed(c);
      if (!backend) return next();
      requireUser(c.var.viewer);
      const body = objectBody(await jsonBody(c, z.unknown()), c.req.path);
      return call(c, "chat/completions", { ...body, model: modelPinnedTo(backend.name, body.model) });
    },
  );
}
