import type { Server, ServerResponse } from "node:http";

export interface DrainReport {
  /** Requests still running when the drain began. */
  inFlight: number;
  /** Responses cut at the deadline (their sockets destroyed, so clients see an error, not a short body). */
  cut: number;
  elapsedMs: number;
}

/**
 * Graceful shutdown for a Node HTTP server: stop accepting, close idle keep-alive connections, answer
 * what is in flight with `Connection: close`, and at the deadline destroy what is left.
 */
export class GracefulServer {
  private draining = false;
  private readonly inFlight = new Set<ServerResponse>();

  constructor(private readonly server: Server) {
    server.on("request", (_request, response: ServerResponse) => {
      this.inFlight.add(response);
      if (this.draining) response.setHeader("Connection", "close");
      response.once("close", () => {
        this.inFlight.delete(response);
        // its keep-alive connection is idle now: close it rather than wait for another request
        if (this.draining) setImmediate(() => this.server.closeIdleConnections());
      });
    });
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async drain(deadlineMs: number): Promise<DrainReport> {
    const started = Date.now();
    this.draining = true;
    const inFlight = this.inFlight.size;
    for (const response of this.inFlight)
      if (!response.headersSent) response.setHeader("Connection", "close");
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    const expired = await Promise.race([
      closed.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), deadlineMs);
      }),
    ]);
    clearTimeout(timer);
    let cut = 0;
    if (expired) {
      cut = this.inFlight.size;
      // destroying the sockets makes a cut download fail (length mismatch / no final chunk)
      this.server.closeAllConnections();
      await closed;
    }
    return { inFlight, cut, elapsedMs: Date.now() - started };
  }
}
