import type { Context } from "hono";
import type { z } from "zod";
import { MAX_JSON_DEPTH, jsonNestingDepth } from "./json-depth.js";
import { badRequest } from "../domain/errors.js";

/** Parses and validates a JSON body; any problem is a 400 with a readable message. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  const text = await c.req.text();
  if (text.includes("\0") || /(^|[^\\])(\\\\)*\\u0000/.test(text))
    throw badRequest("Request body contains a NUL character");
  if (jsonNestingDepth(text) > MAX_JSON_DEPTH)
    throw badRequest(`Request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    raw = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw badRequest("Request body must be valid JSON");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw badRequest(`Invalid request body: ${where}${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}
