import path from "node:path";
import type { FamilyJob, JobResult } from "../worker-protocol.js";
import { FAMILY_RUNNERS } from "./runners.js";
import type { WorkerPipe } from "./worker-api.js";

/** Calls in flight in this worker, by request id, so that a `cancel` message can stop one. */
const running = new Map<number, AbortController>();
/** Cancels that came before their call started (it then stops at once). */
const cancelledEarly = new Set<number>();

/** Stops a family call (its caller left). */
export function cancelFamilyCall(id: number): void {
  const call = running.get(id);
  if (call) call.abort();
  else cancelledEarly.add(id);
}

/** Runs one family job in the worker with its runner; `pipeline` loads (or reuses) the model's pipeline. */
export async function runFamilyJob(
  id: number,
  modelRoot: string,
  modelDir: string,
  job: FamilyJob,
  pipeline: (task: string) => Promise<WorkerPipe>,
  emit: (chunk: unknown) => void,
): Promise<JobResult> {
  const runner = FAMILY_RUNNERS.find((candidate) => candidate.family === job.family);
  if (!runner) throw new Error(`no runner for the ${job.family} task family`);
  const controller = new AbortController();
  if (cancelledEarly.delete(id)) controller.abort();
  running.set(id, controller);
  try {
    return await runner.run(job, {
      pipeline,
      modelPath: path.join(modelRoot, modelDir),
      mediaPath: job.mediaFile ? path.join(modelRoot, job.mediaFile) : undefined,
      emit,
      signal: controller.signal,
    });
  } finally {
    running.delete(id);
  }
}
