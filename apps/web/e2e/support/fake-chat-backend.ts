import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake backend was asked, and whether the caller left before the answer ended. */
export interface BackendRequest {
  path: string;
  body: Record<string, unknown>;
  aborted: boolean;
  /** Pieces written before the connection closed. */
  sent: number;
}

export interface FakeChatBackend {
  /** The OpenAI base URL (ends in /v1), for MODELHUB_INFERENCE_CONFIG. */
  baseUrl: string;
  requests: BackendRequest[];
  close(): Promise<void>;
}

/** The reply every request gets, one word per chunk. */
export const FAKE_REPLY =
  "The quick brown fox jumps over the lazy dog, then naps in the warm afternoon sun until the evening bell rings twice.";
/** Asked exactly this, the backend answers markup (which the page must show as text). */
export const HTML_PROMPT = "Answer in HTML";
export const HTML_REPLY = '<b>bold</b> <img src="x" onerror="window.__tryItInjected = 1">';

function replyTo(body: Record<string, unknown>): string {
  const messages = Array.isArray(body.messages) ? (body.messages as { content?: unknown }[]) : [];
  return messages.at(-1)?.content === HTML_PROMPT ? HTML_REPLY : FAKE_REPLY;
}

/**
 * A tiny OpenAI-compatible server for the browser tests: chat and text completions, streamed one word
 * every `delayMs` (so a test can see partial text and stop mid-answer) or answered whole.
 */
export async function startFakeChatBackend(delayMs = 150): Promise<FakeChatBackend> {
  const requests: BackendRequest[] = [];
  const server = createServer((req, res) => {
    void answer(req, res).catch(() => res.destroy());
  });

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
    const chat = req.url === "/v1/chat/completions";
    // Health checks (GET /v1/models) get a 404, which the hub counts as up; only completions are kept.
    if (!chat && req.url !== "/v1/completions") {
      res.writeHead(404, { "Content-Type": "application/json" }).end('{"error":"no such route"}');
      return;
    }
    const seen: BackendRequest = { path: req.url ?? "", body, aborted: false, sent: 0 };
    requests.push(seen);
    res.on("close", () => (seen.aborted = !res.writableFinished));
    const model = String(body.model);
    const base = { id: "fake-1", created: 1_700_000_000, model };
    const reply = replyTo(body);
    const pieces = reply.split(/(?<= )/);
    if (body.stream !== true) {
      const choice = chat
        ? { index: 0, message: { role: "assistant", content: reply }, finish_reason: "stop" }
        : { index: 0, text: reply, finish_reason: "stop" };
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          ...base,
          object: chat ? "chat.completion" : "text_completion",
          choices: [choice],
          usage: { prompt_tokens: 5, completion_tokens: pieces.length, total_tokens: 5 + pieces.length },
        }),
      );
      return;
    }
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
    const object = chat ? "chat.completion.chunk" : "text_completion";
    const event = (piece: string) => {
      const choice = chat ? { index: 0, delta: { content: piece } } : { index: 0, text: piece };
      return `data: ${JSON.stringify({ ...base, object, choices: [choice] })}\n\n`;
    };
    const timer = setInterval(() => {
      if (res.destroyed) return clearInterval(timer);
      if (seen.sent < pieces.length) {
        res.write(event(pieces[seen.sent++]));
        return;
      }
      clearInterval(timer);
      const usage = { prompt_tokens: 5, completion_tokens: pieces.length, total_tokens: 5 + pieces.length };
      res.write(`data: ${JSON.stringify({ ...base, object, choices: [], usage })}\n\n`);
      res.end("data: [DONE]\n\n");
    }, delayMs);
    res.on("close", () => clearInterval(timer));
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
