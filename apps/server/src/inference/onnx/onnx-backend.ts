import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { Repos, RepoRow } from "../../platform/repos.js";
import type { MappingSource } from "../served-mappings.js";
import { onnxMappingSource } from "./served-models.js";
import type { EmbeddingBackend } from "../embeddings/embedding-backend.js";
import { ModelFiles, type CallerCredentials } from "./model-files.js";
import { policyAllows, threadsPerWorker, type OnnxSettings } from "./onnx-settings.js";
import { servableModel, type ServableModel } from "./servable.js";
import { servableFamilyModel } from "./servable-family.js";
import { WorkerPool } from "./worker-pool.js";
import { MAX_TEXT_CHARS } from "./task-requests.js";
import { isFamilyJob, isOnnxTask, type JobResult, type TaskJob, type WorkerJob } from "./worker-protocol.js";

/** Repo decisions kept (a commit changes the key, so a new file layout is decided afresh). */
const SERVABLE_CACHE_SIZE = 2048;

/** A job as a route hands it over: a family job may carry its media bytes (written to a file for the worker). */
export type BackendJob = TaskJob | (WorkerJob & { media?: Uint8Array });
import { HttpError } from "../../domain/errors.js";
import type { ServingRoute } from "../backend-registry.js";
import type { DynamicBackend } from "../gateway.js";
import { DEFAULT_BACKEND_TIMEOUT_MS } from "../settings.js";
import { TEXT_GENERATION_FAMILY } from "./families/text-generation/job.js";
import { SEQ2SEQ_FAMILY } from "./families/seq2seq/job.js";
import { onnxOpenAiTransport } from "./families/text-generation/openai-transport.js";

import { ONNX_BACKEND_NAME } from "./backend-name.js";

export { ONNX_BACKEND_NAME };

export interface OnnxBackendDeps {
  repos: Repos;
  /** This hub's own address as seen from this machine (model files are read through it). */
  hubUrl: () => string;
}

/**
 * The embedded ONNX backend: transformers.js on onnxruntime-node (CPU) in worker processes, serving
 * any model repo with the transformers.js layout that the admin's repo policy allows. Nothing is
 * loaded before the first call.
 */
export class OnnxBackend implements EmbeddingBackend {
  private pool: WorkerPool | undefined;
  private readonly servables = new Map<string, ServableModel | string>();
  private files: ModelFiles | undefined;

  constructor(
    readonly settings: OnnxSettings,
    private readonly deps: OnnxBackendDeps,
  ) {}

  /** What to load for a repo, or why this backend will not serve it (kept per commit: no JSON parse per call). */
  servable(row: RepoRow): ServableModel | string {
    const key = `${row.id}\n${row.full_id}\n${row.sha ?? ""}\n${row.pipeline_tag ?? ""}`;
    const known = this.servables.get(key);
    if (known !== undefined) return known;
    const answer = this.decideServable(row);
    if (this.servables.size >= SERVABLE_CACHE_SIZE) this.servables.clear();
    this.servables.set(key, answer);
    return answer;
  }

  private decideServable(row: RepoRow): ServableModel | string {
    if (!this.settings.enabled) return "the ONNX backend is switched off on this hub";
    if (!policyAllows(this.settings.repos, row.full_id))
      return "this hub's admin does not let the ONNX backend serve it";
    return isOnnxTask(row.pipeline_tag ?? "") ? servableModel(row) : servableFamilyModel(row);
  }

  /** This backend's models as provider mappings (published with the llama.cpp ones). */
  mappingSource(db: Kysely<Database>): MappingSource {
    return onnxMappingSource(db, this.deps.repos, (row) => this.servable(row));
  }

  /**
   * Runs one task call on the model's default-branch commit. Media bytes of a family job go to a file
   * in the worker's model root (never over the worker channel) and are deleted after the call;
   * `onChunk` receives a streamed answer's chunks as the worker sends them.
   */
  async run(
    row: RepoRow,
    model: ServableModel,
    job: BackendJob,
    credentials: CallerCredentials,
    signal: AbortSignal,
    onChunk?: (chunk: unknown) => void,
  ): Promise<JobResult> {
    const dir = await this.modelFiles().ensure(row.full_id, model.sha, model.files, credentials);
    if (!isFamilyJob(job) || !("media" in job) || job.media === undefined)
      return this.workerPool().run(dir, job, signal, onChunk);
    const { media, ...rest } = job;
    const mediaFile = path.join(".media", randomUUID());
    const target = path.join(this.modelFiles().root, mediaFile);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, media);
    try {
      return await this.workerPool().run(dir, { ...rest, mediaFile }, signal, onChunk);
    } finally {
      await rm(target, { force: true });
    }
  }

  /**
   * This backend as the gateway sees it for OpenAI-shaped calls: ONNX text generators (chat through
   * their template) answer `/v1/chat/completions` and `/v1/completions` through an in-process transport.
   */
  generationBackend(db: Kysely<Database>): DynamicBackend {
    const route = (row: RepoRow, credentials: CallerCredentials): ServingRoute | undefined => {
      const model = this.servable(row);
      if (typeof model === "string") return undefined;
      // Decoder-only generators, and text-generation repos holding an encoder-decoder export (T5, BART).
      const seq2seq = model.family === SEQ2SEQ_FAMILY && model.task === "text2text-generation";
      if (model.family !== TEXT_GENERATION_FAMILY && !seq2seq) return undefined;
      return {
        hubId: row.full_id,
        backendModel: row.full_id,
        backend: {
          name: ONNX_BACKEND_NAME,
          kind: "onnx",
          baseUrl: `in-process://${ONNX_BACKEND_NAME}`,
          models: {},
          timeoutMs: DEFAULT_BACKEND_TIMEOUT_MS,
          transport: onnxOpenAiTransport(
            row.full_id,
            (job, signal, onChunk) => this.run(row, model, job, credentials, signal, onChunk),
            seq2seq ? "seq2seq" : "decoder",
          ),
        },
      };
    };
    const modelIds = async () => {
      const rows = await db
        .selectFrom("repos")
        .selectAll()
        .where("type", "=", "model")
        .where("pipeline_tag", "=", "text-generation")
        .where("siblings", "like", '%"onnx/%')
        .execute();
      return rows.filter((row) => route(row, {}) !== undefined).map((row) => row.full_id);
    };
    return { name: ONNX_BACKEND_NAME, route, modelIds };
  }

  async canEmbed(repoId: string): Promise<boolean> {
    const row = await this.deps.repos.find("model", repoId);
    if (!row || row.private) return false;
    const model = this.servable(row);
    return (
      typeof model !== "string" &&
      (model.task === "feature-extraction" || model.task === "sentence-similarity")
    );
  }

  /** Mean pooling over the real tokens, then L2 normalisation: sentence-transformers' default recipe. */
  async embed(
    repoId: string,
    inputs: string[],
    signal: AbortSignal,
  ): Promise<{ vectors: number[][]; promptTokens: number }> {
    const row = await this.deps.repos.find("model", repoId);
    const model = row ? this.servable(row) : "it does not exist";
    if (!row || typeof model === "string")
      throw new HttpError(404, `The ONNX backend cannot embed with ${repoId}: ${model}`);
    const overLong = inputs.findIndex((text) => text.length > MAX_TEXT_CHARS);
    if (overLong >= 0)
      throw new HttpError(
        400,
        `"input"[${overLong}] is longer than ${MAX_TEXT_CHARS} characters (the ONNX backend's bound per text)`,
      );
    const job: TaskJob = { task: "feature-extraction", texts: inputs, normalize: true, single: false };
    const { output, promptTokens } = await this.run(row, model, job, {}, signal);
    return { vectors: output as number[][], promptTokens };
  }

  get restarts(): number {
    return this.pool?.restarts ?? 0;
  }

  stop(): void {
    this.pool?.stop();
    this.pool = undefined;
    if (this.files) rmSync(this.files.root, { recursive: true, force: true });
    this.files = undefined;
  }

  private modelFiles(): ModelFiles {
    this.files ??= new ModelFiles(mkdtempSync(path.join(os.tmpdir(), "modelhub-onnx-")), this.deps.hubUrl);
    return this.files;
  }

  private workerPool(): WorkerPool {
    this.pool ??= new WorkerPool({
      workers: this.settings.workers,
      maxQueue: this.settings.maxQueue,
      modelRoot: this.modelFiles().root,
      maxLoadedModels: this.settings.maxLoadedModels,
      memoryBytes: this.settings.memoryBytes,
      timeoutMs: this.settings.timeoutMs,
      threads: threadsPerWorker(this.settings.workers),
    });
    return this.pool;
  }
}

/** Builds the backend (the lead wires it into POST /v1/embeddings as an EmbeddingBackend). */
export function createOnnxBackend(settings: OnnxSettings, deps: OnnxBackendDeps): OnnxBackend {
  return new OnnxBackend(settings, deps);
}
