/** The NDJSON commit route streams file content and enforces its own, larger limits. */
const OWN_LIMITS = /^\/api\/(models|datasets|spaces|kernels)\/[^/]+\/[^/]+\/commit\//;

/** Routes whose JSON carries file content or long path lists (repo create with files, preupload, paths-info). */
const LARGE_BODIES = [
  /^\/api\/repos\/create$/,
  /^\/api\/(models|datasets|spaces|kernels)\/[^/]+\/[^/]+\/(preupload|paths-info)\//,
];

/** Settings, tokens, organisations, likes, access requests, validation: small JSON documents. */
export const SMALL_BODY_BYTES = 1024 * 1024;

/** Which bound an `/api` request body gets: "own" (the route limits itself), "large" or "small". */
export function bodyClassOf(pathname: string): "own" | "large" | "small" {
  if (OWN_LIMITS.test(pathname)) return "own";
  return LARGE_BODIES.some((pattern) => pattern.test(pathname)) ? "large" : "small";
}
