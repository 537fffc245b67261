import { parentPort, type Transferable } from "node:worker_threads";
import type { ThreadReply } from "./thread-pool.js";

/** Thrown by a job handler when the input itself is refused (the caller gets a 4xx with the message). */
export class BadThreadInput extends Error {}

/** A handler's answer, with the buffers to move (not copy) back to the caller. */
export interface JobAnswer {
  value: unknown;
  transfer?: Transferable[];
}

/** The worker side of `ThreadPool`: runs each job message through `handle`, in order, and answers it. */
export function serveJobs(
  handle: (message: Record<string, unknown>) => JobAnswer | Promise<JobAnswer>,
): void {
  const port = parentPort;
  if (!port) throw new Error("serveJobs runs inside a worker thread");
  port.on("message", (message: Record<string, unknown> & { id: number }) => {
    void (async () => {
      let reply: ThreadReply;
      let transfer: Transferable[] = [];
      try {
        const answer = await handle(message);
        reply = { id: message.id, ok: true, value: answer.value };
        transfer = answer.transfer ?? [];
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        reply = { id: message.id, ok: false, error: text, badInput: error instanceof BadThreadInput };
      }
      port.postMessage(reply, transfer);
    })();
  });
}
