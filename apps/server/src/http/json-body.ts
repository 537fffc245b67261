import type { Context } from "hono";
import type { z } from "zod";
import { badRequest } from "./errors.js";

/** Parses and validates a JSON body; any problem is a 400 with a readable message. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    const text = await c.req.text();
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
