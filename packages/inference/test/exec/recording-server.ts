import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

export type Responder = (request: RecordedRequest, response: ServerResponse) => void;

export interface RecordingServer {
  url: string;
  requests: RecordedRequest[];
  respondWith(responder: Responder): void;
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 (random port) that records every request and answers with the current responder. */
export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  let responder: Responder = (_req, res) => res.end("{}");
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      responder(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respondWith(next) {
      responder = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(value: unknown): Responder {
  return (_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(value));
  };
}

export function bytes(data: Buffer, contentType: string): Responder {
  return (_req, res) => {
    res.writeHead(200, { "Content-Type": contentType });
    res.end(data);
  };
}

const CREATED = 1_700_000_000;

export const CHAT_COMPLETION = {
  id: "chatcmpl-1",
  object: "chat.completion",
  created: CREATED,
  model: "test-model",
  system_fingerprint: "fp",
  choices: [
    { index: 0, message: { role: "assistant", content: "Paris is the capital." }, finish_reason: "stop" },
  ],
  usage: { prompt_tokens: 1, completion_tokens: 5, total_tokens: 6 },
};

/** A chat answer streamed as server-sent events in two pieces. */
export function chatStream(pieces: string[]): Responder {
  return (_req, res) => {
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    for (const piece of pieces) {
      const chunk = {
        id: "chatcmpl-1",
        object: "chat.completion.chunk",
        created: CREATED,
        model: "test-model",
        choices: [{ index: 0, delta: { role: "assistant", content: piece }, finish_reason: null }],
      };
      res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    }
    res.end("data: [DONE]\n\n");
  };
}
