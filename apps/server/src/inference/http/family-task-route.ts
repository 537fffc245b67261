import type { Context } from "hono";
import { clientGoneSignal } from "../../http-kit/client-gone.js";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { RepoRow } from "../../platform/repos.js";
import { HttpError } from "../../domain/errors.js";
import { ONNX_BACKEND_NAME, type OnnxBackend } from "../onnx/onnx-backend.js";
import type { TaskAnswer, TaskFamily } from "../onnx/families/family.js";
import type { ServableModel } from "../onnx/servable.js";
import type { TaskBody } from "../onnx/task-requests.js";
import type { JobResult } from "../onnx/worker-protocol.js";
import type { UsageRecord } from "../usage-store.js";

export interface FamilyCall {
  c: Context<AppEnv>;
  backend: OnnxBackend;
  row: RepoRow;
  model: ServableModel;
  family: TaskFamily;
  task: string;
  body: TaskBody;
  /** Records the call's usage row (status, tokens, streamed). */
  record: (entry: Pick<UsageRecord, "status" | "promptTokens" | "completionTokens" | "streamed">) => void;
}

/** Whether a family can run `asked` on a model tagged `modelTask` (same family: seq2seq tasks, speech synthesis). */
export function familyRuns(family: TaskFamily, modelTask: string, asked: string): boolean {
  if (asked === modelTask) return true;
  const synthesis = new Set(["text-to-speech", "text-to-audio"]);
  if (synthesis.has(asked) && synthesis.has(modelTask)) return true;
  const text = new Set(["text2text-generation", "summarization", "translation"]);
  return family.tasks.includes(asked) && text.has(asked) && text.has(modelTask);
}

function respond(answer: TaskAnswer): Response {
  if ("json" in answer) return Response.json(answer.json);
  return new Response(answer.bytes, {
    status: 200,
    headers: { "Content-Type": answer.contentType, "Content-Length": String(answer.bytes.length) },
  });
}

const statusOf = (err: unknown) => {
  const status = (err as { status?: unknown }).status;
  return typeof status === "number" ? status : 500;
};

/**
 * Runs a task family's call for the task route: parses the body into the family's job, runs it on the
 * ONNX backend with the caller's credentials, and answers JSON, bytes, or (with `"stream": true` on a
 * family that streams) server-sent events that start with the first chunk, before the answer is whole.
 * A caller that disconnects stops the work in the worker.
 */
export async function runFamilyCall(call: FamilyCall): Promise<Response> {
  const { c, family, task } = call;
  const info = {
    userAgent: c.req.header("User-Agent"),
    accept: c.req.header("Accept"),
    limits: {
      maxAudioSeconds: call.backend.settings.maxAudioSeconds,
      maxImagePixels: call.backend.settings.maxImagePixels,
    },
  };
  const job = family.job(task, call.body, info);
  const credentials = { authorization: c.req.header("Authorization"), cookie: c.req.header("Cookie") };
  const model = { ...call.model, task };
  if (!job.stream || !family.streamChunk || !family.streamEnd) {
    try {
      const result = await call.backend.run(call.row, model, job, credentials, clientGoneSignal(c));
      call.record({ status: 200, ...tokens(result), streamed: false });
      return respond(family.answer(job, result, info));
    } catch (err) {
      call.record({ status: statusOf(err), promptTokens: 0, completionTokens: 0, streamed: false });
      throw err;
    }
  }
  return streamFamilyCall(call, job, credentials, model);
}

function tokens(result: JobResult) {
  return { promptTokens: result.promptTokens, completionTokens: result.completionTokens ?? 0 };
}

async function streamFamilyCall(
  call: FamilyCall,
  job: ReturnType<TaskFamily["job"]>,
  credentials: { authorization?: string; cookie?: string },
  model: ServableModel,
): Promise<Response> {
  const { family } = call;
  const encoder = new TextEncoder();
  const abort = new AbortController();
  const signal = AbortSignal.any([clientGoneSignal(call.c), abort.signal]);
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const early: string[] = [];
  let started: () => void = () => undefined;
  const firstChunk = new Promise<void>((resolve) => (started = resolve));
  const send = (events: string[]) => {
    if (!controller) return void early.push(...events);
    try {
      for (const event of events) controller.enqueue(encoder.encode(event));
    } catch {
      // the reader left
    }
  };
  let failure: { err: unknown } | undefined;
  const work = call.backend
    .run(call.row, model, job, credentials, signal, (chunk) => {
      send(family.streamChunk!(job, chunk));
      started();
    })
    .catch((err: unknown) => {
      failure = { err };
      throw err;
    });
  // An error before the first chunk is answered with its status; a later one ends the stream.
  await Promise.race([firstChunk, work.catch(() => undefined)]);
  if (failure && early.length === 0) {
    call.record({ status: statusOf(failure.err), promptTokens: 0, completionTokens: 0, streamed: true });
    throw failure.err;
  }
  const stream = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      send(early.splice(0));
      work.then(
        (result) => {
          // A caller that left stopped the work: the row says 499 with the tokens made until then.
          call.record({ status: signal.aborted ? 499 : 200, ...tokens(result), streamed: true });
          if (signal.aborted) return closeQuietly(streamController);
          send(family.streamEnd!(job, result));
          closeQuietly(streamController);
        },
        (err: unknown) => {
          const status = signal.aborted ? 499 : statusOf(err);
          call.record({ status, promptTokens: 0, completionTokens: 0, streamed: true });
          if (signal.aborted) return closeQuietly(streamController);
          const message = err instanceof HttpError || err instanceof Error ? err.message : String(err);
          send([`data: ${JSON.stringify({ error: message })}\n\n`]);
          closeQuietly(streamController);
        },
      );
    },
    cancel() {
      abort.abort();
    },
  });
  return new Response(stream, {
    status: 200,
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache",
      "X-Accel-Buffering": "no",
      "X-Inference-Backend": ONNX_BACKEND_NAME,
    },
  });
}

function closeQuietly(controller: ReadableStreamDefaultController<Uint8Array>): void {
  try {
    controller.close();
  } catch {
    // already cancelled by the reader
  }
}
