// File bodies take turns with other work: at most BULK_CHUNKS_PER_TURN chunks per event-loop iteration,
// the rest in later iterations, first come first served.
import { describe, expect, it } from "vitest";
import { BULK_CHUNKS_PER_TURN, bulkTurn } from "../../src/net/bulk-turns.js";

const nextIteration = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("bulkTurn", () => {
  it("grants a few chunks per loop iteration and queues the rest in order", async () => {
    const asked = BULK_CHUNKS_PER_TURN * 2 + 2;
    const turns = Array.from({ length: asked }, () => bulkTurn());
    expect(turns.filter((turn) => turn === undefined)).toHaveLength(BULK_CHUNKS_PER_TURN);
    const granted: number[] = [];
    turns.forEach((turn, index) => void turn?.then(() => granted.push(index)));

    await nextIteration();
    expect(granted).toEqual(Array.from({ length: BULK_CHUNKS_PER_TURN }, (_, i) => BULK_CHUNKS_PER_TURN + i));
    await nextIteration();
    expect(granted).toHaveLength(asked - BULK_CHUNKS_PER_TURN);
    expect(granted).toEqual([...granted].sort((a, b) => a - b));

    // once the queue is empty, a new loop iteration grants at once again
    await nextIteration();
    await nextIteration();
    expect(bulkTurn()).toBeUndefined();
  });
});
