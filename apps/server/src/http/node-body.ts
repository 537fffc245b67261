/**
 * Node fast paths around Hono's web streams. A file body converted to a web `ReadableStream` costs
 * several promise hops per chunk in JavaScript; under many small requests that starves large
 * downloads. A response made by `nodeBodyResponse` still carries a (lazy) web body, so it works
 * anywhere, but the server's fetch wrapper (`sendNodeBody`) pipes the Node stream straight into the
 * `ServerResponse` instead. Uploads read the `IncomingMessage` directly for the same reason.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

const nodeBodies = new WeakMap<Response, Readable>();

/** Header @hono/node-server reads as "the handler already wrote the response". */
const ALREADY_SENT = "x-hono-already-sent";

interface NodeBindings {
  incoming: IncomingMessage;
  outgoing: ServerResponse;
}

function isNodeBindings(env: unknown): env is NodeBindings {
  return (
    typeof env === "object" &&
    env !== null &&
    "incoming" in env &&
    "outgoing" in env &&
    typeof (env as NodeBindings).outgoing?.writeHead === "function"
  );
}

/** A Response whose body is `body`; its web stream is only created if something reads it. */
export function nodeBodyResponse(body: Readable, init: ResponseInit): Response {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const lazy = new ReadableStream<Uint8Array>({
    async pull(controller) {
      reader ??= (Readable.toWeb(body) as ReadableStream<Uint8Array>).getReader();
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      body.destroy(reason instanceof Error ? reason : undefined);
    },
  });
  const response = new Response(lazy, init);
  nodeBodies.set(response, body);
  return response;
}

/**
 * When `response` came from `nodeBodyResponse` (and middleware kept it), writes its status and
 * headers to the Node response and pipes the body there; returns the marker response that tells
 * @hono/node-server it was sent. Any other response is returned as is.
 */
export function sendNodeBody(response: Response, env: unknown): Response {
  const body = nodeBodies.get(response);
  if (!body || !isNodeBindings(env) || env.outgoing.headersSent) return response;
  nodeBodies.delete(response);
  const { outgoing } = env;
  const headers: Record<string, string | string[]> = {};
  const cookies = response.headers.getSetCookie();
  for (const [name, value] of response.headers) if (name !== "set-cookie") headers[name] = value;
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  outgoing.writeHead(response.status, headers);
  // A read error or a cut connection destroys both ends: the client sees a short body, never a
  // complete-looking one (Content-Length is always set on these responses).
  pipeline(body, outgoing).catch(() => undefined);
  return new Response(null, { headers: { [ALREADY_SENT]: "1" } });
}

/**
 * The request body as a Node stream: the `IncomingMessage` itself when nothing consumes it yet (saves
 * a web-stream round trip per chunk), else the web body converted. `raw` is not touched on the fast
 * path: reading any body property of @hono/node-server's lazy Request starts pulling the message.
 */
export function requestBodyStream(raw: Request, env: unknown): Readable {
  if (isNodeBindings(env) && env.incoming.readableFlowing === null && !env.incoming.readableDidRead)
    return env.incoming;
  return raw.body ? Readable.fromWeb(raw.body as WebReadableStream<Uint8Array>) : Readable.from([]);
}
