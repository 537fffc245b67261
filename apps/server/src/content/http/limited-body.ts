import type { Context } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import { MAX_JSON_DEPTH, jsonNestingDepth } from "../../offload/json-depth.js";
import { badRequest, tooLarge } from "../../domain/errors.js";

/** Reads a request body as text, refusing (413) anything larger than `maxBytes` without buffering it. */
export async function readLimitedText(c: Context<AppEnv>, maxBytes: number): Promise<string> {
  const declared = Number(c.req.header("Content-Length") ?? 0);
  if (declared > maxBytes) throw tooLarge(`Request body is larger than ${maxBytes} bytes`);
  const body = c.req.raw.body;
  if (!body) return "";
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(`Request body is larger than ${maxBytes} bytes`);
    }
    parts.push(value);
  }
  return Buffer.concat(parts).toString("utf8");
}

export async function readLimitedJson(c: Context<AppEnv>, maxBytes: number): Promise<unknown> {
  const text = await readLimitedText(c, maxBytes);
  if (jsonNestingDepth(text) > MAX_JSON_DEPTH)
    throw badRequest(`Body nests deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("Body is not valid JSON");
  }
}
