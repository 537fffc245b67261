/**
 * File bodies go from their Node stream straight to the Node response. A web `ReadableStream` body
 * (what a fetch `Response` carries) costs a copy of every chunk plus several promise hops, which at
 * hundreds of MB/s takes the event loop from every other request. A response built here still carries
 * a working web body, used whenever something other than the Node server sends it (tests calling
 * `app.fetch`, a middleware that replaces the body); the server takes the Node path when the final
 * response still carries the web body built here, untouched.
 */
import type { ServerResponse } from "node:http";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { type Readable, pipeline } from "node:stream";
import { ReadableStream } from "node:stream/web";
import { FileRangeStream } from "../content/blobs/file-range-stream.js";

// keyed by the web body, which survives a middleware rewrapping the response around it
const nodeBodies = new WeakMap<object, Readable>();

/** A Response over `body` that the server can send without the web-stream round trip. */
export function nodeStreamResponse(body: Readable, init: { status: number; headers: Headers }): Response {
  const web = lazyWebStream(body);
  nodeBodies.set(web, body);
  return new Response(web as unknown as ConstructorParameters<typeof Response>[0], init);
}

/**
 * Writes `response` to `outgoing` through Node streams when it was built by `nodeStreamResponse` and
 * nothing read its web body; false leaves it to the usual path. A source that fails mid-body destroys
 * the connection, so the client sees a short read rather than a complete-looking truncated body.
 */
export function sendNodeStreamBody(response: Response, outgoing: ServerResponse): boolean {
  const web = response.body;
  const body = web ? nodeBodies.get(web) : undefined;
  if (!web || !body || web.locked) return false;
  nodeBodies.delete(web);
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of response.headers)
    if (name === "set-cookie") headers[name] = response.headers.getSetCookie();
    else headers[name] = value;
  outgoing.writeHead(response.status, headers);
  if (body instanceof FileRangeStream && body.untouched) body.sendTo(outgoing).catch(() => undefined);
  else pipeline(body, outgoing, () => undefined);
  return true;
}

type FetchHandler = (request: Request, env: unknown) => Response | Promise<Response>;

/**
 * Wraps the app's fetch for @hono/node-server: responses from `nodeStreamResponse` go out through
 * Node streams, the rest the usual way.
 */
export function withNodeStreamBodies(fetch: FetchHandler): FetchHandler {
  return async (request, env) => {
    const response = await fetch(request, env);
    const outgoing = outgoingOf(env);
    return outgoing && sendNodeStreamBody(response, outgoing) ? RESPONSE_ALREADY_SENT : response;
  };
}

/** The Node response @hono/node-server passes in a request's `env`. */
function outgoingOf(env: unknown): ServerResponse | undefined {
  if (typeof env !== "object" || env === null || !("outgoing" in env)) return undefined;
  const outgoing = (env as { outgoing: unknown }).outgoing;
  return typeof outgoing === "object" && outgoing !== null && "writeHead" in outgoing
    ? (outgoing as ServerResponse)
    : undefined;
}

/**
 * A web stream over `body` that starts reading only when first pulled (`Readable.toWeb` starts the
 * source flowing at once, which would race the Node path for the same chunks).
 */
function lazyWebStream(body: Readable): ReadableStream<Uint8Array> {
  let iterator: AsyncIterator<unknown> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        iterator ??= body[Symbol.asyncIterator]();
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value as Uint8Array);
      },
      cancel(reason) {
        body.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    { highWaterMark: 0 },
  );
}
