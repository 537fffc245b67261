import { describe, expect, it } from "vitest";
import { DownloadTally, type DownloadCount } from "../../src/platform/download-tally.js";

function deferred() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
}

describe("DownloadTally (group commit of download counts)", () => {
  it("merges downloads counted together into one write, keyed by repo and day", async () => {
    const writes: DownloadCount[][] = [];
    const tally = new DownloadTally(async (counts) => {
      writes.push(counts);
    });
    await Promise.all([
      tally.record("a", "2026-11-21"),
      tally.record("a", "2026-11-21"),
      tally.record("b", "2026-11-21"),
      tally.record("a", "2026-11-20"),
    ]);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toEqual([
      { repoId: "a", day: "2026-11-21", count: 2 },
      { repoId: "b", day: "2026-11-21", count: 1 },
      { repoId: "a", day: "2026-11-20", count: 1 },
    ]);
  });

  it("writes one batch at a time; counts arriving meanwhile form the next batch", async () => {
    const writes: number[] = [];
    const gate = deferred();
    let active = 0;
    let maxActive = 0;
    const tally = new DownloadTally(async (counts) => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      writes.push(counts.reduce((sum, c) => sum + c.count, 0));
      if (writes.length === 1) await gate.done;
      active -= 1;
    });
    const first = tally.record("a", "d");
    // a batch starts one event-loop turn after its first count
    while (writes.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const later = Array.from({ length: 5 }, () => tally.record("a", "d"));
    let laterStored = false;
    void Promise.all(later).then(() => (laterStored = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(writes).toEqual([1]);
    expect(laterStored).toBe(false);
    gate.release();
    await first;
    await Promise.all(later);
    expect(writes).toEqual([1, 5]);
    expect(maxActive).toBe(1);
  });

  it("a caller's promise settles only after its own count is stored", async () => {
    const stored: string[] = [];
    const tally = new DownloadTally(async (counts) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      stored.push(...counts.map((c) => c.repoId));
    });
    await tally.record("x", "d");
    expect(stored).toEqual(["x"]);
  });

  it("reports a failed write to the callers of that batch and keeps counting afterwards", async () => {
    let fail = true;
    const stored: DownloadCount[] = [];
    const tally = new DownloadTally(async (counts) => {
      if (fail) throw new Error("database is gone");
      stored.push(...counts);
    });
    await expect(tally.record("a", "d")).rejects.toThrow("database is gone");
    fail = false;
    await tally.record("a", "d");
    expect(stored).toEqual([{ repoId: "a", day: "d", count: 1 }]);
  });

  it("drain waits for everything recorded so far", async () => {
    let total = 0;
    const tally = new DownloadTally(async (counts) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      total += counts.reduce((sum, c) => sum + c.count, 0);
    });
    for (let i = 0; i < 20; i++) {
      void tally.record("a", "d");
      if (i % 7 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await tally.drain();
    expect(total).toBe(20);
  });
});
