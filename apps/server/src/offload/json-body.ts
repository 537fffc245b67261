import type { Context } from "hono";
import type { z } from "zod";
import { readDeclaredBody } from "../http-kit/node-body.js";
import { INLINE_CODEC_BYTES, parseJsonBody, parseJsonStream } from "./codec.js";
import { badRequest } from "../domain/errors.js";

function declaredLength(header: string | undefined): number | undefined {
  const value = header === undefined ? Number.NaN : Number(header);
  return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/**
 * Parses and validates a JSON body; any problem is a 400 (413 for a body of too many values) with a
 * readable message. Large bodies are parsed off the event loop (`parseJsonStream`).
 */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  // read once: from the stream (large bodies go to the codec thread chunk by chunk), or from Hono's
  // copy when a middleware has read the body already
  const declared = declaredLength(c.req.header("Content-Length"));
  // a small body of a declared length straight from the Node message (no fetch Request, no web stream)
  const whole = readDeclaredBody(c.env, declared, INLINE_CODEC_BYTES);
  const raw = whole
    ? await parseJsonBody(await whole)
    : c.req.raw.bodyUsed
      ? await parseJsonBody(new Uint8Array(await c.req.arrayBuffer()))
      : await parseJsonStream(c.req.raw.body, declared);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw badRequest(`Invalid request body: ${where}${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}
