import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake backend saw of one request. */
export interface SeenRequest {
  path: string;
  authorization?: string;
  body: Record<string, unknown>;
  /** Set once the connection closes: true when it closed before the answer was complete. */
  aborted?: boolean;
}

export interface FakeBackend {
  /** The OpenAI base URL (ends in /v1). */
  baseUrl: string;
  requests: SeenRequest[];
  /** Bytes the "flood" behaviour has written so far, and whether it is waiting for the reader. */
  flood: { bytes: number; blocked: boolean };
  /** While true every connection is reset at once (the backend is "down"). */
  down: boolean;
  /** `GET /v1/models` calls seen (the hub's health checks). */
  modelListings: number;
  /** Resolves when a request's connection has closed before its answer was complete. */
  nextAbort(): Promise<SeenRequest>;
  close(): Promise<void>;
}

export const PROMPT_TOKENS = 7;
const FLOOD_LIMIT = 256 * 1024 * 1024;
export const COMPLETION_TOKENS = 3;

/**
 * A small OpenAI-compatible server on 127.0.0.1. The backend model name picks the behaviour:
 * anything (answers "Hello from <model>"), "die" (one chunk, then the socket is destroyed), "hang"
 * (never answers), "slow" (a chunk every 20 ms for 10 s), "flood" (64 KiB chunks as fast as the reader
 * takes them, up to 256 MiB), "refuse" (400 with an OpenAI error echoing the key), "locked" (401 echoing the key), "crash" (500).
 */
export async function startFakeBackend(): Promise<FakeBackend> {
  const requests: SeenRequest[] = [];
  const flood = { bytes: 0, blocked: false };
  let abortWaiters: ((seen: SeenRequest) => void)[] = [];
  const state = { down: false, modelListings: 0 };
  const server = createServer((req, res) => {
    if (state.down) return void res.socket?.destroy();
    if (req.method === "GET" && req.url === "/v1/models") {
      state.modelListings++;
      res.writeHead(200, { "Content-Type": "application/json" });
      return void res.end('{"object":"list","data":[{"id":"tiny","object":"model"}]}');
    }
    void handle(req, res).catch(() => res.destroy());
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
    const seen: SeenRequest = { path: req.url ?? "", authorization: req.headers.authorization, body };
    requests.push(seen);
    res.on("close", () => {
      seen.aborted = !res.writableFinished;
      if (seen.aborted) {
        const waiters = abortWaiters;
        abortWaiters = [];
        for (const waiter of waiters) waiter(seen);
      }
    });
    const model = String(body.model);
    const chat = req.url === "/v1/chat/completions";
    if (req.url !== "/v1/chat/completions" && req.url !== "/v1/completions") {
      res.writeHead(404, { "Content-Type": "application/json" }).end('{"error":"no such route"}');
      return;
    }
    if (model === "hang") return;
    if (model === "refuse") {
      res.writeHead(400, { "Content-Type": "application/json" });
      const message = `max_tokens is too large (key ${req.headers.authorization?.slice(7) ?? "none"})`;
      res.end(JSON.stringify({ error: { message, type: "invalid_request_error" } }));
      return;
    }
    if (model === "locked") {
      res
        .writeHead(401, { "Content-Type": "application/json" })
        .end('{"error":"Invalid API key sk-backend-secret"}');
      return;
    }
    if (model === "crash") {
      res.writeHead(500, { "Content-Type": "text/plain" }).end("out of memory");
      return;
    }
    if (body.stream !== true) {
      if (model === "die") return void res.destroy();
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(completion(model, chat)));
      return;
    }
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    if (model === "die") {
      send(chunk(model, chat, "Hel"));
      setTimeout(() => res.destroy(), 20);
      return;
    }
    if (model === "flood") {
      const piece = `data: ${JSON.stringify(chunk(model, chat, "x".repeat(64 * 1024)))}\n\n`;
      const pump = () => {
        while (!res.destroyed && flood.bytes < FLOOD_LIMIT) {
          flood.bytes += piece.length;
          if (!res.write(piece)) {
            flood.blocked = true;
            res.once("drain", () => {
              flood.blocked = false;
              pump();
            });
            return;
          }
        }
        if (!res.destroyed) res.end("data: [DONE]\n\n");
      };
      pump();
      return;
    }
    if (model === "slow") {
      let sent = 0;
      const timer = setInterval(() => {
        if (res.destroyed || sent++ > 500) {
          clearInterval(timer);
          if (!res.destroyed) res.end("data: [DONE]\n\n");
          return;
        }
        send(chunk(model, chat, "."));
      }, 20);
      res.on("close", () => clearInterval(timer));
      return;
    }
    for (const piece of ["Hello", " from ", model]) send(chunk(model, chat, piece));
    const options = body.stream_options as { include_usage?: boolean } | undefined;
    if (options?.include_usage) send({ ...chunk(model, chat, ""), choices: [], usage: usage() });
    res.end("data: [DONE]\n\n");
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    get modelListings() {
      return state.modelListings;
    },
    requests,
    flood,
    nextAbort: () => new Promise((resolve) => abortWaiters.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function usage() {
  return {
    prompt_tokens: PROMPT_TOKENS,
    completion_tokens: COMPLETION_TOKENS,
    total_tokens: PROMPT_TOKENS + COMPLETION_TOKENS,
  };
}

function completion(model: string, chat: boolean) {
  const text = `Hello from ${model}`;
  const base = { id: "cmpl-1", created: 1_700_000_000, model, usage: usage() };
  return chat
    ? {
        ...base,
        object: "chat.completion",
        choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
      }
    : { ...base, object: "text_completion", choices: [{ index: 0, text, finish_reason: "stop" }] };
}

function chunk(model: string, chat: boolean, text: string) {
  const base = { id: "cmpl-1", created: 1_700_000_000, model };
  return chat
    ? {
        ...base,
        object: "chat.completion.chunk",
        choices: [{ index: 0, delta: { content: text }, finish_reason: null }],
      }
    : { ...base, object: "text_completion", choices: [{ index: 0, text, finish_reason: null }] };
}
