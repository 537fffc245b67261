import { Readable, Writable } from "node:stream";
import { type BlobStore, type ByteRange, isSha256 } from "./blob-store.js";
import { copyVerified } from "./verifying-copy.js";

/** In-memory driver for tests. */
export class MemoryBlobStore implements BlobStore {
  private readonly objects = new Map<string, Buffer>();

  async stat(oid: string): Promise<number | undefined> {
    return this.objects.get(oid)?.length;
  }

  async put(oid: string, size: number, body: Readable): Promise<void> {
    if (!isSha256(oid)) throw new Error(`Not a sha256 oid: ${oid}`);
    const parts: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        parts.push(chunk);
        callback();
      },
    });
    await copyVerified(body, sink, oid, size);
    this.objects.set(oid, Buffer.concat(parts));
  }

  async open(oid: string, range?: ByteRange): Promise<Readable> {
    const data = this.objects.get(oid);
    if (!data) throw new Error(`No object ${oid}`);
    return Readable.from([range ? data.subarray(range.start, range.end + 1) : data]);
  }

  async delete(oid: string): Promise<void> {
    this.objects.delete(oid);
  }
}
