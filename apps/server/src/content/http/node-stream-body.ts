/**
 * File bodies go from their Node stream straight to the Node response. A web `ReadableStream` body
 * (what a fetch `Response` carries) costs a copy of every chunk plus several promise hops, which at
 * hundreds of MB/s takes the event loop from every other request. A response built here still carries
 * a working web body, used whenever something other than the Node server sends it (tests calling
 * `app.fetch`, a middleware that reads the body); the server takes the Node path when the final
 * response still carries the web body built for that request, untouched.
 */
import type { ServerResponse } from "node:http";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { type Readable, pipeline } from "node:stream";
import { ReadableStream } from "node:stream/web";
import { FileRangeStream } from "../blobs/file-range-stream.js";
import { outgoingOf } from "../../http-kit/node-body.js";

/** Bodies built for a request, by its Node response, until the server sends (or drops) them. */
const pending = new WeakMap<ServerResponse, { web: ReadableStream<Uint8Array>; body: Readable }>();

/**
 * A Response over `body` that the server can send without the web-stream round trip. `env` is the
 * request's Hono `c.env` (without a Node response in it, e.g. under `app.fetch`, only the web body exists).
 */
export function nodeStreamResponse(
  env: unknown,
  body: Readable,
  init: { status: number; headers: Headers },
): Response {
  const web = lazyWebStream(body);
  const outgoing = outgoingOf(env);
  if (outgoing) pending.set(outgoing, { web, body });
  return new Response(web as unknown as ConstructorParameters<typeof Response>[0], init);
}

/**
 * Writes `response` to `outgoing` through Node streams when its body is the untouched web body
 * `nodeStreamResponse` built for this request; false leaves it to the usual path. Any other response is
 * not looked at (reading `body` would turn @hono/node-server's lightweight responses into full ones).
 * A body that was built but replaced (an error answer instead) is closed. A source that fails mid-body
 * destroys the connection, so the client sees a short read rather than a complete-looking truncated body.
 */
export function sendNodeStreamBody(response: Response, outgoing: ServerResponse): boolean {
  const entry = pending.get(outgoing);
  if (!entry) return false;
  pending.delete(outgoing);
  const { web, body } = entry;
  if ((response.body as unknown) !== web) {
    if (!web.locked) body.destroy();
    return false;
  }
  if (web.locked) return false;
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
