/**
 * Drops the usage-only event of an OpenAI stream (`"choices": []` and `"usage"`): the gateway always
 * asks backends for it (`stream_options.include_usage`) to count tokens, but a caller who did not ask
 * must not get it — OpenAI sends it only on request, and the usual client loops read
 * `chunk.choices[0]` of every chunk. Every other byte passes unchanged, whole events at a time.
 */
export class UsageEventFilter {
  private readonly decoder = new TextDecoder();
  private readonly encoder = new TextEncoder();
  private pending = "";

  /** The complete events of the bytes so far, without the usage-only one; the rest waits. */
  push(chunk: Uint8Array): Uint8Array {
    this.pending += this.decoder.decode(chunk, { stream: true });
    let out = "";
    const boundary = /\r?\n\r?\n/g;
    let start = 0;
    for (let match = boundary.exec(this.pending); match; match = boundary.exec(this.pending)) {
      const end = match.index + match[0].length;
      const event = this.pending.slice(start, end);
      if (!isUsageOnly(event)) out += event;
      start = end;
    }
    this.pending = this.pending.slice(start);
    return this.encoder.encode(out);
  }

  /** Whatever is left when the stream ends (an event without its closing blank line). */
  flush(): Uint8Array {
    const rest = this.pending + this.decoder.decode();
    this.pending = "";
    return this.encoder.encode(isUsageOnly(rest) ? "" : rest);
  }
}

function isUsageOnly(event: string): boolean {
  const data = event
    .split(/\r?\n/)
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice(5).trim())
    .join("\n");
  if (!data.startsWith("{") || !data.includes('"usage"')) return false;
  try {
    const value = JSON.parse(data) as { choices?: unknown; usage?: unknown };
    return Array.isArray(value.choices) && value.choices.length === 0 && value.usage != null;
  } catch {
    return false;
  }
}
