import type { IncomingMessage, Server, ServerOptions, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { NetSettings } from "./net-settings.js";

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

interface Exchange {
  request: IncomingMessage;
  response: ServerResponse;
}

/**
 * Applies the server-property timeouts. A connection silent for the idle timeout is closed when the
 * client is the one stalling (an upload that stopped sending, a reader that stopped reading, an idle
 * connection), not while the hub itself is still working on a fully received request.
 */
export function applyConnectionTimeouts(server: Server, net: NetSettings): void {
  server.headersTimeout = net.headersTimeoutMs;
  server.requestTimeout = net.requestTimeoutMs;
  server.keepAliveTimeout = net.keepAliveTimeoutMs;
  server.timeout = net.idleTimeoutMs;
  const current = new WeakMap<Socket, Exchange>();
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    current.set(request.socket, { request, response });
  });
  server.on("timeout", (socket: Socket) => {
    const exchange = current.get(socket);
    const serverBusy =
      exchange !== undefined &&
      !exchange.response.writableEnded &&
      exchange.request.complete &&
      !exchange.response.writableNeedDrain;
    if (serverBusy) return; // the timer restarts with the next byte either way
    socket.destroy();
  });
}
