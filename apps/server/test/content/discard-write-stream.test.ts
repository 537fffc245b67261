import * as fs from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { discardWriteStream } from "../../src/content/blobs/discard-write-stream.js";

describe("discarding a file write stream with a write in flight", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("closes it without an uncaught ERR_STREAM_DESTROYED (the error that once took the hub down)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "discard-"));
    dirs.push(dir);
    let releaseWrite: () => void = () => undefined;
    // A file system whose write finishes only when the test says so: the stream is destroyed meanwhile.
    const slowFs = {
      open: fs.open,
      close: fs.close,
      write: (...args: unknown[]) => {
        const callback = args[args.length - 1] as (...a: unknown[]) => void;
        const forward = args.slice(0, -1) as Parameters<typeof fs.write>;
        releaseWrite = () => (fs.write as (...a: unknown[]) => void)(...forward, callback);
      },
    };
    const stream = fs.createWriteStream(join(dir, "part.tmp"), { fs: slowFs } as Parameters<
      typeof fs.createWriteStream
    >[1]);
    await new Promise((resolve) => stream.once("open", resolve));
    stream.write(Buffer.alloc(1024));
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      const done = discardWriteStream(stream);
      setTimeout(() => releaseWrite(), 20);
      await done;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off("uncaughtException", onUncaught);
    }
    expect(uncaught).toEqual([]);
    expect(stream.closed).toBe(true);
    expect(await readdir(dir)).toEqual(["part.tmp"]); // the caller removes it next
  }, 10_000);
});
