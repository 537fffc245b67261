import { describe, expect, it } from "vitest";
import { readCompletionStream, readStreamEvent, SseParser, StreamError } from "./sse.js";

function streamOf(pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

const chat = (content: string) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

describe("SseParser", () => {
  it("answers each event's data once its blank line has arrived, across arbitrary splits", () => {
    const parser = new SseParser();
    expect(parser.push('data: {"a"')).toEqual([]);
    expect(parser.push(":1}\n")).toEqual([]);
    expect(parser.push("\ndata: two\r\n\r\ndata: thr")).toEqual(['{"a":1}', "two"]);
    expect(parser.push("ee\n\n")).toEqual(["three"]);
  });

  it("skips comments and other fields, joins multi-line data, and flushes an unterminated last event", () => {
    const parser = new SseParser();
    expect(parser.push(": keep-alive\n\nevent: message\nid: 4\ndata: a\ndata:b\n\n")).toEqual(["a\nb"]);
    expect(parser.push("data: [DONE]")).toEqual([]);
    expect(parser.flush()).toEqual(["[DONE]"]);
    expect(parser.flush()).toEqual([]);
  });
});

describe("readStreamEvent", () => {
  it("reads chat deltas, completion text, the end marker and errors", () => {
    expect(readStreamEvent('{"choices":[{"delta":{"content":"Hi"}}]}')).toEqual({ kind: "text", text: "Hi" });
    expect(readStreamEvent('{"choices":[{"text":" there"}]}')).toEqual({ kind: "text", text: " there" });
    expect(readStreamEvent("[DONE]")).toEqual({ kind: "done" });
    expect(readStreamEvent('{"error":"backend local failed"}')).toEqual({
      kind: "error",
      message: "backend local failed",
    });
    expect(readStreamEvent('{"error":{"message":"too long"}}')).toEqual({
      kind: "error",
      message: "too long",
    });
  });

  it("ignores what carries no text: role-only deltas, the usage chunk, empty text, non-JSON", () => {
    expect(readStreamEvent('{"choices":[{"delta":{"role":"assistant"}}]}')).toBeUndefined();
    expect(readStreamEvent('{"choices":[],"usage":{"prompt_tokens":3}}')).toBeUndefined();
    expect(readStreamEvent('{"choices":[{"delta":{"content":""}}]}')).toBeUndefined();
    expect(readStreamEvent("not json")).toBeUndefined();
    expect(readStreamEvent("null")).toBeUndefined();
  });
});

describe("readCompletionStream", () => {
  it("passes on each piece in order, even when chunks split events and characters", async () => {
    const text = chat("Bonjour ") + chat("à ") + chat("tous") + "data: [DONE]\n\n";
    const bytes = new TextEncoder().encode(text);
    // Split in the middle of "à" (two bytes in UTF-8) and everywhere else, 3 bytes at a time.
    const pieces: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i += 3) pieces.push(bytes.slice(i, i + 3));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(piece);
        controller.close();
      },
    });
    const seen: string[] = [];
    await readCompletionStream(body, (piece) => seen.push(piece));
    expect(seen).toEqual(["Bonjour ", "à ", "tous"]);
  });

  it("stops at [DONE] (what follows is not read) and handles a stream ending without a blank line", async () => {
    const seen: string[] = [];
    await readCompletionStream(streamOf([chat("a"), "data: [DONE]\n\n", chat("ignored")]), (p) =>
      seen.push(p),
    );
    expect(seen).toEqual(["a"]);
    const tail: string[] = [];
    await readCompletionStream(streamOf([chat("x"), 'data: {"choices":[{"text":"y"}]}']), (p) =>
      tail.push(p),
    );
    expect(tail).toEqual(["x", "y"]);
  });

  it("rejects with the gateway's message when the backend fails mid-stream, after the text so far", async () => {
    const seen: string[] = [];
    const reading = readCompletionStream(
      streamOf([chat("Hel"), 'data: {"error":"Inference backend local closed the connection"}\n\n']),
      (p) => seen.push(p),
    );
    await expect(reading).rejects.toBeInstanceOf(StreamError);
    await expect(reading).rejects.toThrow("Inference backend local closed the connection");
    expect(seen).toEqual(["Hel"]);
  });

  it("cancels the body when it stops early (so the download ends)", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(chat("a") + "data: [DONE]\n\n"));
      },
      cancel() {
        cancelled = true;
      },
    });
    await readCompletionStream(body, () => undefined);
    expect(cancelled).toBe(true);
  });
});
