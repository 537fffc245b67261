import { HttpError } from "../../domain/errors.js";

export interface ParsedRange {
  start: number;
  end: number;
}

/**
 * Parses a single `bytes=` range against a size. Returns undefined for no (or an unsupported multi-)
 * range, and throws 416 when the range cannot be satisfied.
 */
export function parseRange(header: string | undefined, size: number): ParsedRange | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first, last] = match;
  let start: number;
  let end: number;
  if (first === "" && last === "") return undefined;
  if (first === "") {
    const suffix = Number(last);
    start = Math.max(size - suffix, 0);
    end = size - 1;
    if (suffix === 0) throw unsatisfiable(size);
  } else {
    start = Number(first);
    end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
    if (last !== "" && Number(last) < start) throw unsatisfiable(size);
  }
  if (start >= size) throw unsatisfiable(size);
  return { start, end };
}

function unsatisfiable(size: number): HttpError {
  return new HttpError(416, "Requested range not satisfiable", undefined, {
    "Content-Range": `bytes */${size}`,
  });
}
