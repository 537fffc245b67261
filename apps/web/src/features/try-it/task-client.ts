import { callTaskForm } from "./task-forms/call.js";

/** The body of a task call: JSON `{inputs, parameters}`, or an image file sent as it is. */
export type TaskPayload = { json: Record<string, unknown> } | { file: File };

/**
 * Calls the hub's task API for a model (`POST /hf-inference/models/{id}`) with the web session, as the
 * panel's snippets do with a token: the parsed JSON answer (a binary one as a Blob). Rejects with a
 * GatewayError naming what the hub refused.
 */
export async function callTask(modelId: string, payload: TaskPayload, signal: AbortSignal): Promise<unknown> {
  const answer = await callTaskForm(modelId, payload, signal);
  return "json" in answer ? answer.json : answer.blob;
}
