import type { Context, Hono, MiddlewareHandler, Next } from "hono";
import { clientGoneSignal } from "../../http-kit/client-gone.js";
import type { AppEnv } from "../../http-kit/contracts.js";
import { jsonBody } from "../../offload/json-body.js";
import { parseJsonBody } from "../../offload/codec.js";
import type { Accounts } from "../../platform/accounts.js";
import { canReadRepo, requireUser } from "../../platform/access-rules.js";
import { toRepoRecord, type Repos } from "../../platform/repos.js";
import { BILL_TO_HEADER, resolveBillTo } from "../bill-to.js";
import type { InferenceLimiter } from "../limits.js";
import type { EmbeddingBackend } from "../embeddings/embedding-backend.js";
import { embedderFor, embeddingBackendName, runEmbeddingTask } from "../embeddings/embedding-task.js";
import { ONNX_BACKEND_NAME, type OnnxBackend } from "../onnx/onnx-backend.js";
import { shapeOutput, taskJob, wantsLegacyZeroShot, type TaskBody } from "../onnx/task-requests.js";
import { isOnnxTask, type OnnxTask } from "../onnx/worker-protocol.js";
import { familyForTask } from "../onnx/families/registry.js";
import { familyRuns, runFamilyCall } from "./family-task-route.js";
import type { UsageStore } from "../usage-store.js";
import { badRequest, HttpError, notFound } from "../../domain/errors.js";
import type { RepoAccess } from "../../domain/ports.js";
import { z } from "zod";
import { boundedBody } from "../../http-kit/body-limit.js";

export interface TaskRouteDeps {
  backend: OnnxBackend;
  repos: Repos;
  access: Pick<RepoAccess, "downloadDenial">;
  accounts: Accounts;
  limiter: InferenceLimiter;
  usage: UsageStore;
  onRecordError: (err: unknown) => void;
  /** Embedding backends (llama.cpp's GGUF embedders) that answer the embedding tasks of models ONNX cannot run. */
  embedders?: readonly EmbeddingBackend[];
}

/** Tasks one model can be called for: an embedder answers both embedding tasks. */
function compatible(modelTask: string, asked: string): boolean {
  const embedding = new Set(["feature-extraction", "sentence-similarity"]);
  return modelTask === asked || (embedding.has(modelTask) && embedding.has(asked));
}

async function readBody(c: Context<AppEnv>): Promise<TaskBody> {
  const contentType = (c.req.header("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (contentType === "application/json" || contentType.endsWith("+json"))
    return { kind: "json", value: await jsonBody(c, z.unknown()) };
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  // Clients that send JSON without a content type (curl -d) still send JSON.
  if (
    contentType === "" ||
    contentType === "application/x-www-form-urlencoded" ||
    contentType.startsWith("text/")
  ) {
    if (startsWithBrace(bytes)) return { kind: "json", value: await parseJsonBody(bytes) };
  }
  return { kind: "bytes", bytes, contentType };
}

/** Whether the first character that is not white space is `{` (a JSON object sent as text). */
function startsWithBrace(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (byte === 0x7b) return true;
    if (
      byte !== 0x20 &&
      byte !== 0x09 &&
      byte !== 0x0a &&
      byte !== 0x0d &&
      byte !== 0xef &&
      byte !== 0xbb &&
      byte !== 0xbf
    )
      return false;
  }
  return false;
}

/**
 * The Inference API's task routes on the embedded ONNX backend, as the panel's "This hub" snippets
 * and the Hub clients call them:
 * POST /hf-inference/models/{owner}/{name}                  the model's own task (its pipeline tag)
 * POST /hf-inference/models/{owner}/{name}/pipeline/{task}  a named task the model can do
 * Models whose task the backend does not run fall through to the routes mounted after (text generation).
 */
export function mountTaskRoutes(app: Hono<AppEnv>, deps: TaskRouteDeps): void {
  const limit: MiddlewareHandler<AppEnv> = boundedBody(
    deps.backend.settings.maxBodyBytes,
    `The input is larger than this hub accepts for task calls (${deps.backend.settings.maxBodyBytes} bytes)`,
    400,
  );

  const handle = async (c: Context<AppEnv>, next: Next, askedTask: string | undefined) => {
    const id = `${c.req.param("owner")}/${c.req.param("name")}`;
    const row = await deps.repos.find("model", id);
    const modelTask = row?.pipeline_tag ?? "";
    const served = row ? deps.backend.servable(row) : undefined;
    // The task the model is served as (a text-generation repo with an encoder-decoder export: text2text).
    const servedTask = typeof served === "object" ? served.task : modelTask;
    const family = familyForTask(askedTask ?? servedTask);
    // A family task on a model without the ONNX layout (a GGUF text generator) is left to the routes after.
    if (askedTask === undefined && family && row && typeof served === "string") return next();
    if (family) return handleFamily(c, row, servedTask, askedTask ?? servedTask, family, id);
    if (askedTask === undefined && !isOnnxTask(modelTask)) return next();
    const user = requireUser(c.var.viewer);
    if (!row || !canReadRepo(c.var.viewer, toRepoRecord(row)))
      throw notFound(`Model ${id} was not found on this hub (or you cannot read it)`);
    const denial = await deps.access.downloadDenial?.(c.var.viewer, toRepoRecord(row));
    if (denial) throw new HttpError(denial.status, denial.message, "GatedRepo");
    const task = askedTask ?? modelTask;
    if (!isOnnxTask(task)) throw badRequest(`Task "${task}" is not one this hub runs on ONNX models`);
    if (!compatible(modelTask, task))
      throw badRequest(`Model ${row.full_id} is a ${modelTask || "untagged"} model: it cannot do ${task}`);
    const model = deps.backend.servable(row);
    const embedder =
      typeof model === "string" && (task === "feature-extraction" || task === "sentence-similarity")
        ? await embedderFor(deps.embedders ?? [], row.full_id)
        : undefined;
    if (typeof model === "string" && !embedder)
      throw notFound(`Model ${row.full_id} is not served by this hub: ${model}`);
    const billTo = await resolveBillTo(deps.accounts, user, c.req.header(BILL_TO_HEADER));
    const job = taskJob(task as OnnxTask, await readBody(c), {
      maxImagePixels: deps.backend.settings.maxImagePixels,
    });
    await deps.limiter.admit(user);

    const startedAt = new Date();
    // the row is group-committed after the answer (readers of usage settle first): not awaited here
    const record = (status: number, promptTokens: number) =>
      void deps.usage
        .record({
          user,
          billTo,
          model: row.full_id,
          backend: embedder ? embeddingBackendName(embedder) : ONNX_BACKEND_NAME,
          route: `hf-inference/${task}`,
          streamed: false,
          promptTokens,
          completionTokens: 0,
          durationMs: Date.now() - startedAt.getTime(),
          status,
          startedAt,
        })
        .catch(deps.onRecordError);
    try {
      const result =
        typeof model === "string"
          ? await runEmbeddingTask(
              embedder!,
              row.full_id,
              job as Parameters<typeof runEmbeddingTask>[2],
              clientGoneSignal(c),
            )
          : await deps.backend.run(
              row,
              { ...model, task: task as OnnxTask },
              job,
              { authorization: c.req.header("Authorization"), cookie: c.req.header("Cookie") },
              clientGoneSignal(c),
            );
      record(200, result.promptTokens);
      const legacy = wantsLegacyZeroShot(c.req.header("User-Agent"));
      return c.json(shapeOutput(job, result.output, legacy) as object);
    } catch (err) {
      const status = (err as { status?: unknown }).status;
      record(typeof status === "number" ? status : 500, 0);
      throw err;
    }
  };

  const handleFamily = async (
    c: Context<AppEnv>,
    row: Awaited<ReturnType<Repos["find"]>>,
    modelTask: string,
    task: string,
    family: NonNullable<ReturnType<typeof familyForTask>>,
    id: string,
  ) => {
    const user = requireUser(c.var.viewer);
    if (!row || !canReadRepo(c.var.viewer, toRepoRecord(row)))
      throw notFound(`Model ${id} was not found on this hub (or you cannot read it)`);
    const denial = await deps.access.downloadDenial?.(c.var.viewer, toRepoRecord(row));
    if (denial) throw new HttpError(denial.status, denial.message, "GatedRepo");
    if (!familyRuns(family, modelTask, task))
      throw badRequest(`Model ${row.full_id} is a ${modelTask || "untagged"} model: it cannot do ${task}`);
    const model = deps.backend.servable(row);
    if (typeof model === "string") throw notFound(`Model ${row.full_id} is not served by this hub: ${model}`);
    const billTo = await resolveBillTo(deps.accounts, user, c.req.header(BILL_TO_HEADER));
    const body = await readBody(c);
    await deps.limiter.admit(user);
    const startedAt = new Date();
    return runFamilyCall({
      c,
      backend: deps.backend,
      row,
      model,
      family,
      task,
      body,
      record: (entry) =>
        void deps.usage
          .record({
            user,
            billTo,
            model: row.full_id,
            backend: ONNX_BACKEND_NAME,
            route: `hf-inference/${task}`,
            durationMs: Date.now() - startedAt.getTime(),
            startedAt,
            ...entry,
          })
          .catch(deps.onRecordError),
    });
  };

  app.post("/hf-inference/models/:owner/:name/pipeline/:task", limit, (c, next) =>
    handle(c, next, c.req.param("task")),
  );
  const onnxTagged = async (c: Context<AppEnv>) => {
    const task =
      (await deps.repos.find("model", `${c.req.param("owner")}/${c.req.param("name")}`))?.pipeline_tag ?? "";
    return isOnnxTask(task) || familyForTask(task) !== undefined;
  };
  app.post(
    "/hf-inference/models/:owner/:name",
    async (c, next) => ((await onnxTagged(c)) ? limit(c, next) : next()),
    (c, next) => handle(c, next, undefined),
  );
}
