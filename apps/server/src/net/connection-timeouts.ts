import type { Server, ServerOptions } from "node:http";
import type { NetSettings } from "../config/net-settings.js";

/**
 * Server options for the slow-client timeouts. Node enforces the header and request timeouts on a
 * sweep every `connectionsCheckingInterval`, so the sweep runs several times per header timeout.
 */
export function serverOptions(net: NetSettings): ServerOptions {
  return {
    connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(net.headersTimeoutMs / 4))),
    headersTimeout: net.headersTimeoutMs,
    requestTimeout: net.requestTimeoutMs,
    keepAliveTimeout: net.keepAliveTimeoutMs,
  };
}

/** Applies the timeouts that are server properties (idle sockets) after creation. */
export function applyConnectionTimeouts(server: Server, net: NetSettings): void {
  server.headersTimeout = net.headersTimeoutMs;
  server.requestTimeout = net.requestTimeoutMs;
  server.keepAliveTimeout = net.keepAliveTimeoutMs;
  // No traffic either way for this long: a stalled upload or a reader that stopped reading.
  server.timeout = net.idleTimeoutMs;
  server.on("timeout", (socket: { destroy(): void }) => socket.destroy());
}
