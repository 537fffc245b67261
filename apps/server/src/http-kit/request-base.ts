import type { Context } from "hono";

/**
 * Absolute base URL for links in responses: the configured public URL when one was set, else the
 * origin the client used (so a server on a random test port still hands out working URLs).
 */
export function requestBase(c: Context, configuredPublicUrl: string | undefined): string {
  if (configuredPublicUrl) return configuredPublicUrl;
  return new URL(c.req.url).origin;
}
