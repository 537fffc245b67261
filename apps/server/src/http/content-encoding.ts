import type { Context } from "hono";
import { accepts } from "hono/accepts";

export type Encoding = "br" | "gzip";

type AcceptsMatch = NonNullable<Parameters<typeof accepts>[1]["match"]>;

/**
 * The highest-q encoding the client accepts among `available` (listed best first); ties go to the
 * earlier one, so brotli wins over gzip for browsers that send `gzip, deflate, br` with equal weights.
 */
const bestOffered: AcceptsMatch = (accepted, config) => {
  const wildcard = accepted.find((entry) => entry.type === "*")?.q ?? 0;
  let best = config.default;
  let bestQ = 0;
  for (const encoding of config.supports) {
    const q = accepted.find((entry) => entry.type.toLowerCase() === encoding)?.q ?? wildcard;
    if (q > bestQ) [best, bestQ] = [encoding, q];
  }
  return best;
};

/** Which of the `available` encodings to answer with, or undefined for the plain bytes. */
export function negotiateEncoding(c: Context, available: readonly Encoding[]): Encoding | undefined {
  if (available.length === 0) return undefined;
  const chosen = accepts(c, {
    header: "Accept-Encoding",
    supports: [...available],
    default: "identity",
    match: bestOffered,
  });
  return available.find((encoding) => encoding === chosen);
}
