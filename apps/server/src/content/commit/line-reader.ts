import { tooLarge } from "../../domain/errors.js";

/** Splits a byte stream into lines without holding more than one line (bounded) in memory. */
export async function* readLines(
  body: ReadableStream<Uint8Array>,
  maxLine: number,
  maxTotal: number,
): AsyncGenerator<string> {
  const reader = body.getReader();
  let pending: Buffer[] = [];
  let pendingLength = 0;
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > maxTotal) throw tooLarge(`Commit body exceeds ${maxTotal} bytes`);
      let chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      let newline = chunk.indexOf(0x0a);
      while (newline !== -1) {
        pending.push(chunk.subarray(0, newline));
        const line = Buffer.concat(pending).toString("utf8");
        pending = [];
        pendingLength = 0;
        yield line;
        chunk = chunk.subarray(newline + 1);
        newline = chunk.indexOf(0x0a);
      }
      if (chunk.length > 0) {
        pendingLength += chunk.length;
        if (pendingLength > maxLine) throw tooLarge(`An NDJSON line exceeds ${maxLine} bytes`);
        pending.push(Buffer.from(chunk));
      }
    }
    if (pendingLength > 0) yield Buffer.concat(pending).toString("utf8");
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
