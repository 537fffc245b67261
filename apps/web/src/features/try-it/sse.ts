/**
 * Server-sent events as the gateway sends them: `data:` lines, events separated by a blank line,
 * `data: [DONE]` at the end, `data: {"error": …}` when the backend failed mid-stream.
 */

/** Splits a byte stream's text into the `data` payload of each complete event. */
export class SseParser {
  private buffer = "";

  /** Feeds more text; answers the data of the events it completed (a partial event waits). */
  push(text: string): string[] {
    this.buffer += text.replace(/\r\n?/g, "\n");
    const events: string[] = [];
    let end = this.buffer.indexOf("\n\n");
    while (end >= 0) {
      const data = dataOf(this.buffer.slice(0, end));
      if (data !== undefined) events.push(data);
      this.buffer = this.buffer.slice(end + 2);
      end = this.buffer.indexOf("\n\n");
    }
    return events;
  }

  /** The last event when the stream ended without its blank line. */
  flush(): string[] {
    const data = dataOf(this.buffer);
    this.buffer = "";
    return data === undefined ? [] : [data];
  }
}

function dataOf(block: string): string | undefined {
  const lines: string[] = [];
  for (const line of block.split("\n")) {
    // Comments (`: keep-alive`) and other fields (`event:`, `id:`) carry no text.
    if (!line.startsWith("data:")) continue;
    lines.push(line.slice(line.startsWith("data: ") ? 6 : 5));
  }
  return lines.length ? lines.join("\n") : undefined;
}

/** A streamed event, read: text to append, the end marker, or the gateway's error. */
export type StreamEvent =
  { kind: "text"; text: string } | { kind: "done" } | { kind: "error"; message: string };

/** Reads one event's data: chat chunks carry `choices[0].delta.content`, completions `choices[0].text`. */
export function readStreamEvent(data: string): StreamEvent | undefined {
  if (data.trim() === "[DONE]") return { kind: "done" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== "object") return undefined;
  const record = parsed as { error?: unknown; choices?: unknown };
  if (record.error !== undefined) return { kind: "error", message: errorMessage(record.error) };
  if (!Array.isArray(record.choices) || record.choices.length === 0) return undefined;
  const choice = record.choices[0] as { delta?: { content?: unknown }; text?: unknown };
  const text = typeof choice.delta?.content === "string" ? choice.delta.content : choice.text;
  return typeof text === "string" && text !== "" ? { kind: "text", text } : undefined;
}

/** `{"error": "…"}` or OpenAI's `{"error": {"message": "…"}}`. */
export function errorMessage(error: unknown): string {
  if (typeof error === "string" && error) return error;
  if (error && typeof error === "object") {
    const message = (error as { message?: unknown }).message;
    if (typeof message === "string" && message) return message;
  }
  return "The inference backend failed.";
}

/**
 * Reads a streamed answer, calling `onText` for each piece as it arrives. Resolves when the stream
 * ends; rejects with the gateway's message when an error event arrives.
 */
export async function readCompletionStream(
  body: ReadableStream<Uint8Array>,
  onText: (text: string) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  const handle = (events: string[]): boolean => {
    for (const data of events) {
      const event = readStreamEvent(data);
      if (!event) continue;
      if (event.kind === "done") return true;
      if (event.kind === "error") throw new StreamError(event.message);
      onText(event.text);
    }
    return false;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        handle(parser.push(decoder.decode()));
        handle(parser.flush());
        return;
      }
      if (handle(parser.push(decoder.decode(value, { stream: true })))) return;
    }
  } finally {
    // Stops the download when we leave early ([DONE], an error event, or an abort).
    reader.cancel().catch(() => undefined);
  }
}

/** The backend failed after the answer had started. */
export class StreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StreamError";
  }
}
