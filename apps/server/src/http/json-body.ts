import type { Context } from "hono";
import type { z } from "zod";
import { parseJsonBody } from "../offload/codec.js";
import { badRequest } from "../domain/errors.js";

/**
 * Parses and validates a JSON body; any problem is a 400 (413 for a body of too many values) with a
 * readable message. Large bodies are parsed off the event loop (`parseJsonBody`).
 */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const raw = await parseJsonBody(new Uint8Array(await c.req.arrayBuffer()));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw badRequest(`Invalid request body: ${where}${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}
