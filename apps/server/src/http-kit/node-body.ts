/**
 * Uploads read the Node `IncomingMessage` directly: @hono/node-server's request body is a web stream
 * over it, which costs several promise hops per chunk.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { HttpError } from "../domain/errors.js";

function incomingOf(env: unknown): IncomingMessage | undefined {
  if (typeof env !== "object" || env === null || !("incoming" in env)) return undefined;
  const incoming = (env as { incoming: unknown }).incoming;
  return incoming instanceof Readable ? (incoming as IncomingMessage) : undefined;
}

/** The Node response @hono/node-server passes in a request's `env` (none under `app.fetch`). */
export function outgoingOf(env: unknown): ServerResponse | undefined {
  if (typeof env !== "object" || env === null || !("outgoing" in env)) return undefined;
  const outgoing = (env as { outgoing: unknown }).outgoing;
  return typeof outgoing === "object" && outgoing !== null && "writeHead" in outgoing
    ? (outgoing as ServerResponse)
    : undefined;
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

/**
 * The whole body of a request that declares a length up to `maxBytes`, read from the Node message in
 * one piece; undefined when that does not apply (no declared length, a larger one, or a body something
 * else has started to read), so the caller reads it the general way.
 */
export function readDeclaredBody(
  env: unknown,
  declaredBytes: number | undefined,
  maxBytes: number,
): Promise<Buffer> | undefined {
  const incoming = incomingOf(env);
  if (!incoming || declaredBytes === undefined || declaredBytes > maxBytes) return undefined;
  if (incoming.readableFlowing !== null || incoming.readableDidRead) return undefined;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const fail = (error: Error) => {
      incoming.off("data", onData);
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      // Node's parser stops at the declared length; this only guards a message that was not framed by it
      if (size > maxBytes)
        return fail(new HttpError(400, "The request body is longer than its Content-Length"));
      chunks.push(chunk);
    };
    incoming.on("data", onData);
    incoming.once("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)));
    incoming.once("error", fail);
    incoming.once("aborted", () =>
      fail(new HttpError(400, "The client closed the request before its body ended")),
    );
  });
}
