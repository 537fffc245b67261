import { describe, expect, it } from "vitest";
import { ProgressBoard } from "../../src/transfer/progress.js";

describe("ProgressBoard", () => {
  it("draws per-file and total bars with rate and ETA, at most every 100 ms", () => {
    let now = 0;
    const frames: string[] = [];
    const board = new ProgressBoard(
      { write: (t: string) => frames.push(t) },
      true,
      "total",
      10_000_000,
      () => now,
    );
    const task = board.task("weights/model.safetensors", 10_000_000);
    for (let i = 1; i <= 50; i++) {
      now += 20;
      task.update(i * 100_000);
    }
    // 1 s of updates every 20 ms → about 10 redraws, not 50.
    expect(frames.length).toBeGreaterThanOrEqual(9);
    expect(frames.length).toBeLessThanOrEqual(12);
    const last = frames[frames.length - 1];
    expect(last).toContain("weights/model.safetensors");
    expect(last).toMatch(/ 5\.0 MB\/10\.0 MB {2}5\.0 MB\/s {2}ETA 0:01/);
    expect(last).toContain("total");
    expect(last).toContain("\x1b[2A");
    task.finish();
    board.close();
  });

  it("draws nothing when disabled (not a terminal)", () => {
    const frames: string[] = [];
    const board = new ProgressBoard({ write: (t: string) => frames.push(t) }, false, "total", 100);
    board.task("a", 100).update(50);
    board.close();
    expect(frames).toEqual([]);
  });
});
