import { Transform, type Readable } from "node:stream";

/** Passes through bytes `start..end` (inclusive) of `source`. */
export function sliceStream(source: Readable, start: number, end: number): Readable {
  let position = 0;
  const slicer = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const chunkStart = position;
      position += chunk.length;
      const from = Math.max(start - chunkStart, 0);
      const to = Math.min(end + 1 - chunkStart, chunk.length);
      if (to > from) this.push(chunk.subarray(from, to));
      if (position > end) {
        this.push(null);
        source.destroy();
      }
      callback();
    },
  });
  source.on("error", (error) => slicer.destroy(error));
  return source.pipe(slicer);
}
