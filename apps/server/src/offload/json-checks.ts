import { MAX_JSON_DEPTH, jsonNestingDepth } from "./json-depth.js";

/**
 * Most values (objects, arrays, strings, numbers, …) one request body may hold. A parsed body travels
 * from the parsing thread to the event loop by structured clone, whose cost grows with the number of
 * values (a million small ones: about 10 ms on the development machine), not with string length.
 */
export const MAX_JSON_VALUES = 500_000;

/** Why a JSON text was refused; `status` is 400, or 413 for a body with too many values. */
export class RefusedJson extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413,
  ) {
    super(message);
  }
}

/**
 * Parses a request body's JSON text with the hub's rules: nesting at most `MAX_JSON_DEPTH` deep (checked
 * before parsing), no NUL character in any string or key, at most `MAX_JSON_VALUES` values. An empty
 * body is `{}`.
 */
export function parseCheckedJson(text: string): unknown {
  if (text.includes("\0")) throw new RefusedJson("Request body contains a NUL character", 400);
  if (jsonNestingDepth(text) > MAX_JSON_DEPTH)
    throw new RefusedJson(`Request body nests deeper than ${MAX_JSON_DEPTH} levels`, 400);
  let value: unknown;
  try {
    value = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new RefusedJson("Request body must be valid JSON", 400);
  }
  const count = { values: 0 };
  walk(value, count);
  return value;
}

function walk(value: unknown, count: { values: number }): void {
  if (++count.values > MAX_JSON_VALUES)
    throw new RefusedJson(`Request body holds more than ${MAX_JSON_VALUES} JSON values`, 413);
  if (typeof value === "string") {
    if (value.includes("\0")) throw new RefusedJson("Request body contains a NUL character", 400);
  } else if (Array.isArray(value)) {
    for (const item of value) walk(item, count);
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes("\0")) throw new RefusedJson("Request body contains a NUL character", 400);
      walk(item, count);
    }
  }
}
