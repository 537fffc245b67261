/** Token counts a backend reported in an OpenAI `usage` object. */
export interface TokenCounts {
  promptTokens: number;
  completionTokens: number;
}

export const NO_TOKENS: TokenCounts = { promptTokens: 0, completionTokens: 0 };

/** The `usage` of a completion (or of a stream chunk), when it carries counts. */
export function usageOf(body: unknown): TokenCounts | undefined {
  if (!body || typeof body !== "object") return undefined;
  const usage = (body as { usage?: unknown }).usage;
  if (!usage || typeof usage !== "object") return undefined;
  const { prompt_tokens: prompt, completion_tokens: completion } = usage as Record<string, unknown>;
  if (typeof prompt !== "number" && typeof completion !== "number") return undefined;
  return {
    promptTokens: typeof prompt === "number" && Number.isFinite(prompt) ? prompt : 0,
    completionTokens: typeof completion === "number" && Number.isFinite(completion) ? completion : 0,
  };
}

/** Longest partial SSE line kept while looking for `usage`; longer lines are passed on unread. */
const MAX_LINE_CHARS = 1 << 20;

/**
 * Watches the bytes of an SSE stream as they pass and remembers the last `usage` seen in a `data:`
 * line (the final chunk when `stream_options.include_usage` is on). Never holds more than one line.
 */
export class SseUsageScanner {
  private readonly decoder = new TextDecoder();
  private partial = "";
  private skipping = false;
  private last: TokenCounts | undefined;
  private tail = "";

  push(chunk: Uint8Array): void {
    const text = this.decoder.decode(chunk, { stream: true });
    if (text.length === 0) return;
    this.tail = (this.tail + text).slice(-2);
    const lines = (this.partial + text).split("\n");
    this.partial = lines.pop() ?? "";
    for (const line of lines) {
      if (this.skipping) this.skipping = false;
      else this.scanLine(line);
    }
    if (this.partial.length > MAX_LINE_CHARS) {
      this.partial = "";
      this.skipping = true;
    }
  }

  get usage(): TokenCounts | undefined {
    return this.last;
  }

  /** Whether the bytes so far end on an event boundary (a blank line), or nothing was seen. */
  get atEventBoundary(): boolean {
    return this.tail === "" || this.tail === "\n\n" || this.tail.endsWith("\n\n");
  }

  private scanLine(raw: string): void {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (!line.startsWith("data:") || !line.includes('"usage"')) return;
    try {
      const counts = usageOf(JSON.parse(line.slice(5).trim()));
      if (counts) this.last = counts;
    } catch {
      // not JSON ([DONE] or a partial line): nothing to count
    }
  }
}
