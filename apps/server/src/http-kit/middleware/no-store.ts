import type { Context, Next } from "hono";

/** For answers that carry credentials or CSRF tokens: no browser or proxy cache may keep them. */
export async function noStore(c: Context, next: Next): Promise<void> {
  await next();
  c.header("Cache-Control", "no-store");
}
