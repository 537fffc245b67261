import type { BackendCall } from "./backend-call.js";
import { ClientClosedError } from "./backend-errors.js";
import { UsageEventFilter } from "./sse-usage-filter.js";
import { SseUsageScanner, type TokenCounts } from "./token-usage.js";
import { HttpError } from "../domain/errors.js";

export interface StreamOutcome {
  /** 200 when the backend finished, 499 when the caller left, else the error's status (502/504). */
  status: number;
  usage: TokenCounts | undefined;
}

const encoder = new TextEncoder();

/**
 * The backend's SSE body, passed on chunk by chunk. Pull-based: a chunk is read from the backend only
 * when the caller's side wants one, so a slow reader slows the backend (backpressure) and nothing is
 * buffered. A backend that fails mid-stream ends the stream with `data: {"error": …}`; a caller that
 * goes away cancels the backend request. `onEnd` runs once, before the stream closes. Unless the
 * caller asked for it (`callerWantsUsage`), the usage-only last event is counted but not passed on.
 */
export function relayStream(
  call: BackendCall,
  body: ReadableStream<Uint8Array>,
  onEnd: (outcome: StreamOutcome) => Promise<void>,
  callerWantsUsage = true,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const scanner = new SseUsageScanner();
  const filter = callerWantsUsage ? undefined : new UsageEventFilter();
  let ended = false;
  const end = async (status: number) => {
    if (ended) return;
    ended = true;
    call.finish();
    await onEnd({ status, usage: scanner.usage });
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // An event held back whole (or the usage event dropped) leaves nothing to send: read on.
        for (;;) {
          call.armTimer();
          let result: Awaited<ReturnType<typeof reader.read>>;
          try {
            result = await reader.read();
          } catch (err) {
            call.disarmTimer();
            const error = call.translate(err);
            if (error instanceof ClientClosedError) {
              await end(499);
              controller.close();
              return;
            }
            const rest = filter?.flush();
            if (rest && rest.length > 0) controller.enqueue(rest);
            const separator = scanner.atEventBoundary ? "" : "\n\n";
            controller.enqueue(
              encoder.encode(`${separator}data: ${JSON.stringify({ error: error.message })}\n\n`),
            );
            await end(error instanceof HttpError ? error.status : 502);
            controller.close();
            return;
          }
          call.disarmTimer();
          if (result.done) {
            const rest = filter?.flush();
            if (rest && rest.length > 0) controller.enqueue(rest);
            await end(200);
            controller.close();
            return;
          }
          scanner.push(result.value);
          const passed = filter ? filter.push(result.value) : result.value;
          if (passed.length > 0) {
            controller.enqueue(passed);
            return;
          }
        }
      },
      async cancel() {
        call.abort("client");
        reader.cancel().catch(() => undefined);
        await end(499);
      },
    },
    { highWaterMark: 0 },
  );
}
