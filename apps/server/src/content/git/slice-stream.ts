import { Readable } from "node:stream";

/** Passes through bytes `start..end` (inclusive) of `source`, then stops reading it. */
export function sliceStream(source: Readable, start: number, end: number): Readable {
  async function* slice(): AsyncGenerator<Buffer> {
    let position = 0;
    for await (const chunk of source) {
      const buf = chunk as Buffer;
      const chunkStart = position;
      position += buf.length;
      const from = Math.max(start - chunkStart, 0);
      const to = Math.min(end + 1 - chunkStart, buf.length);
      if (to > from) yield buf.subarray(from, to);
      if (position > end) break;
    }
  }
  return Readable.from(slice(), { objectMode: false });
}
