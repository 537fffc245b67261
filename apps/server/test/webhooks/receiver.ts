import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A webhook receiver on 127.0.0.1: records every POST, answers 200, or a planned failure status. */
export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** The next `count` requests are answered `status` (default 503). */
  failNext(count: number, status?: number): void;
  /** While true, requests get no answer until `release()`. */
  hold: boolean;
  release(): void;
  /** Every request is answered with this (until set back to undefined). */
  answerAll: { status: number; headers?: Record<string, string> } | undefined;
  /** Resolves with the first request `match` accepts at or after index `from`; rejects after `timeoutMs`. */
  waitFor(
    match: (r: Received) => boolean,
    options?: { from?: number; timeoutMs?: number },
  ): Promise<Received>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let failures = 0;
  let failStatus = 503;
  const waiters = new Set<() => void>();
  const held: (() => void)[] = [];
  const receiver: Receiver = {
    url: "",
    port: 0,
    received,
    answerAll: undefined,
    hold: false,
    release() {
      receiver.hold = false;
      for (const answer of held.splice(0)) answer();
    },
    failNext(count, status = 503) {
      failures = count;
      failStatus = status;
    },
    waitFor(match, options = {}) {
      const from = options.from ?? 0;
      const timeoutMs = options.timeoutMs ?? 10_000;
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.slice(from).find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no matching webhook request within ${timeoutMs} ms (${received.length} received)`),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      } catch {
        body = { unparsable: true };
      }
      received.push({ path: req.url ?? "", headers: req.headers, body });
      if (receiver.hold) {
        held.push(() => res.writeHead(200).end("released"));
      } else if (receiver.answerAll) {
        res.writeHead(receiver.answerAll.status, receiver.answerAll.headers).end("planned answer");
      } else if (failures > 0) {
        failures--;
        res.writeHead(failStatus).end("planned failure");
      } else res.writeHead(200, { "Content-Type": "text/plain" }).end("ok, received");
      for (const waiter of [...waiters]) waiter();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}`;
  return receiver;
}
