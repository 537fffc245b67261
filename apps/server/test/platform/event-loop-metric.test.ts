import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestHub, type TestHub } from "./helpers/test-hub.js";

/** The value of `modelhub_event_loop_delay_seconds{quantile="…"}` in a Prometheus text answer. */
function delay(text: string, quantile: string): number {
  const line = text
    .split("\n")
    .find((l) => l.startsWith(`modelhub_event_loop_delay_seconds{quantile="${quantile}"}`));
  if (!line) throw new Error(`no event-loop delay for quantile ${quantile}`);
  return Number(line.split(" ").pop());
}

describe("/metrics reports the event loop's delay", () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub({ env: { MODELHUB_METRICS_PUBLIC: "1" } });
  });
  afterAll(() => hub?.stop());

  it("as p50, p99 and max over the time since the previous scrape, a blocked loop included", async () => {
    const scrape = async () => (await fetch(`${hub.url}/metrics`)).text();
    const first = await scrape();
    expect(first).toMatch(/^# HELP modelhub_event_loop_delay_seconds /m);
    for (const quantile of ["0.5", "0.99", "1"]) expect(delay(first, quantile)).toBeGreaterThanOrEqual(0);
    // the hub runs in this process: holding the thread for 300 ms keeps its loop waiting as long
    const until = performance.now() + 300;
    while (performance.now() < until) {
      // busy
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await scrape();
    expect(delay(second, "1")).toBeGreaterThanOrEqual(0.25);
    expect(delay(second, "0.5")).toBeLessThanOrEqual(delay(second, "0.99"));
    expect(delay(second, "0.99")).toBeLessThanOrEqual(delay(second, "1"));
  });
});
