import { describe, expect, it } from "vitest";
import { EventLoopDelay } from "../../src/operations/event-loop-delay.js";

const block = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // the thread is held
  }
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the event-loop delay window", () => {
  it("sees a block that starts right after a take (Node's histogram dropped that first interval)", async () => {
    const delay = new EventLoopDelay();
    try {
      await pause(40);
      delay.take();
      block(200);
      await pause(30);
      const window = delay.take();
      expect(window.max).toBeGreaterThanOrEqual(0.18);
      expect(window.samples).toBeGreaterThan(0);
      expect(window.p50).toBeLessThanOrEqual(window.p99);
      expect(window.p99).toBeLessThanOrEqual(window.max);
    } finally {
      delay.stop();
    }
  });

  it("reads a free loop as (almost) no delay, and an empty window as zero", async () => {
    const delay = new EventLoopDelay();
    try {
      expect(delay.take()).toEqual({ p50: 0, p99: 0, max: 0, samples: 0 });
      await pause(60);
      expect(delay.take().p50).toBeLessThan(0.05);
    } finally {
      delay.stop();
    }
  });
});
