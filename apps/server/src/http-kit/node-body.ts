/**
 * Uploads read the Node `IncomingMessage` directly: @hono/node-server's request body is a web stream
 * over it, which costs several promise hops per chunk.
 */
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

function incomingOf(env: unknown): IncomingMessage | undefined {
  if (typeof env !== "object" || env === null || !("incoming" in env)) return undefined;
  const incoming = (env as { incoming: unknown }).incoming;
  return incoming instanceof Readable ? (incoming as IncomingMessage) : undefined;
}

/**
 * The request body as a Node stream: the `IncomingMessage` itself when nothing consumes it yet (saves
 * a web-stream round trip per chunk), else the web body converted. `raw` is not touched on the fast
 * path: reading any body property of @hono/node-server's lazy Request starts pulling the message.
 */
export function requestBodyStream(raw: Request, env: unknown): Readable {
  const incoming = incomingOf(env);
  if (incoming && incoming.readableFlowing === null && !incoming.readableDidRead) return incoming;
  return raw.body ? Readable.fromWeb(raw.body as WebReadableStream<Uint8Array>) : Readable.from([]);
}
