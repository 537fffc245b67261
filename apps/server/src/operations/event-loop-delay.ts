import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";

/** How often the loop is sampled: a timer due every this many ms, and how late it fires. */
const SAMPLE_MS = 10;

/** Event-loop delay over a window, in seconds. */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  /** How many samples the window holds (about one per SAMPLE_MS while the loop is free). */
  samples: number;
}

/**
 * How long the event loop made callbacks wait: a timer due every SAMPLE_MS is timed, and its lateness
 * (the time between two firings minus SAMPLE_MS: Node's histogram records the whole interval) is the
 * delay a request arriving then would have waited before any of its code ran. `take` reads the
 * window since the last `take` and starts a new one.
 */
export class EventLoopDelay {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: SAMPLE_MS });

  constructor() {
    this.histogram.enable();
  }

  take(): LoopDelay {
    const h = this.histogram;
    const late = (ns: number) => (h.count === 0 ? 0 : Math.max(0, ns / 1e6 - SAMPLE_MS) / 1000);
    const window = {
      p50: late(h.percentile(50)),
      p99: late(h.percentile(99)),
      max: late(h.max),
      samples: h.count,
    };
    h.reset();
    return window;
  }

  stop(): void {
    this.histogram.disable();
  }
}
