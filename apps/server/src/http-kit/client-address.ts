import type { Context } from "hono";

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/**
 * The peer address of the TCP connection (forwarding headers are not trusted: any client can set them).
 * "unknown" when the app runs without a Node server (app.fetch in tests).
 */
export function clientAddress(c: Context): string {
  const env = c.env as NodeBindings | undefined;
  return env?.incoming?.socket?.remoteAddress ?? "unknown";
}
