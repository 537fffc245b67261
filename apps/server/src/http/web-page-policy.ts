import { createHash } from "node:crypto";

/** `'sha256-…'` sources for the inline scripts of the built index.html (its theme script). */
export function inlineScriptHashes(indexHtml: string): string[] {
  const hashes: string[] = [];
  for (const match of indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(`'sha256-${createHash("sha256").update(match[1], "utf8").digest("base64")}'`);
  }
  return hashes;
}

/**
 * Headers of every web app page: scripts only from the hub itself (plus the hashed inline theme
 * script and WebAssembly compilation), no framing by other sites, no plugins, forms and fetches only to the hub. Card images may
 * come from anywhere on the web, as on the public Hub.
 */
export function webPageHeaders(scriptHashes: string[]): Record<string, string> {
  const policy = [
    "default-src 'self'",
    // WebAssembly (hashing large uploads) needs 'wasm-unsafe-eval'; JavaScript eval stays forbidden.
    `script-src 'self' 'wasm-unsafe-eval' ${scriptHashes.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "media-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": policy,
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
  };
}
