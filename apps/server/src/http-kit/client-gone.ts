import type { Context } from "hono";
import { outgoingOf } from "./node-body.js";

/**
 * Aborts when the client goes away before its answer is complete (a call in a worker or a stream then
 * stops). The same as the fetch Request's `signal`, taken from the Node response instead: reading
 * `c.req.raw.signal` makes @hono/node-server build its full fetch Request for that alone.
 */
export function clientGoneSignal(c: Context): AbortSignal {
  const outgoing = outgoingOf(c.env);
  if (!outgoing) return c.req.raw.signal;
  const controller = new AbortController();
  outgoing.once("close", () => {
    if (!outgoing.writableFinished) controller.abort(new Error("Client connection prematurely closed."));
  });
  return controller.signal;
}
