// Permanent LFS deletion frees bytes only when nobody used the object while the deletion ran: an
// identical upload to another repo, or a batch answer "already stored", keeps them for gc to decide.
import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RepoKey } from "../../src/content/repo-content.js";
import { createTestHub, type TestHub } from "./fixtures.js";

const sha = (data: Buffer) => createHash("sha256").update(data).digest("hex");
const pause = () => new Promise((resolve) => setTimeout(resolve, 15));
const alices: RepoKey = { type: "model", id: "alice/weights" };
const bobs: RepoKey = { type: "model", id: "bob/copy" };

describe("freeing a permanently deleted LFS object", () => {
  let hub: TestHub;
  beforeEach(async () => {
    hub = await createTestHub();
  });
  afterEach(() => hub.close());

  async function stored(repo: RepoKey, data: Buffer): Promise<string> {
    await hub.content.storeLfsObject(repo, sha(data), data.length, Readable.from([data]));
    return sha(data);
  }

  it("keeps the bytes when an identical upload lands in another namespace meanwhile", async () => {
    const data = randomBytes(8192);
    const oid = await stored(alices, data);
    const started = Date.now();
    await pause();
    await stored(bobs, data);
    expect(await hub.content.freeLfsObject(oid, started)).toBe(false);
    expect(await hub.content.blobs.stat(oid)).toBe(data.length);
    expect(await hub.content.hasLfsObject(bobs, oid)).toBe(data.length);
  });

  it("keeps the bytes when a batch answer touched the object meanwhile", async () => {
    const data = randomBytes(4096);
    const oid = await stored(alices, data);
    const started = Date.now();
    await pause();
    // what the LFS batch API asks before answering "already stored"
    expect(await hub.content.hasLfsObject({ type: "model", id: "alice/sibling" }, oid)).toBe(data.length);
    expect(await hub.content.freeLfsObject(oid, started)).toBe(false);
    expect(await hub.content.blobs.stat(oid)).toBe(data.length);
  });

  it("frees bytes nobody used since the deletion started", async () => {
    const data = randomBytes(4096);
    const oid = await stored(alices, data);
    await pause();
    expect(await hub.content.freeLfsObject(oid, Date.now())).toBe(true);
    expect(await hub.content.blobs.stat(oid)).toBeUndefined();
    expect(await hub.content.hasLfsObject(alices, oid)).toBeUndefined();
  });
});
