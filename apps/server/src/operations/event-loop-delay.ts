import { createHistogram, performance, type RecordableHistogram } from "node:perf_hooks";

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
 * How long the event loop made callbacks wait: a timer due every SAMPLE_MS notes how late it fired,
 * which is the delay a request arriving then would have waited before any of its code ran. `take`
 * reads the window since the last `take` and starts a new one.
 *
 * Node's own `monitorEventLoopDelay` is not used: its `reset()` also forgets when its timer last
 * fired, so the first interval after a reset is dropped, and a block that starts right after a scrape
 * would never show.
 */
export class EventLoopDelay {
  private readonly histogram: RecordableHistogram = createHistogram();
  private last = performance.now();
  private readonly timer: NodeJS.Timeout;

  constructor() {
    this.timer = setInterval(() => {
      const now = performance.now();
      const lateMs = Math.max(0, now - this.last - SAMPLE_MS);
      this.last = now;
      // the histogram holds integers: microseconds, at least 1 (it refuses 0)
      this.histogram.record(Math.max(1, Math.round(lateMs * 1000)));
    }, SAMPLE_MS);
    this.timer.unref();
  }

  take(): LoopDelay {
    const h = this.histogram;
    const seconds = (us: number) => (h.count === 0 || us <= 1 ? 0 : us / 1e6);
    const window = {
      p50: seconds(h.percentile(50)),
      p99: seconds(h.percentile(99)),
      max: seconds(h.max),
      samples: h.count,
    };
    h.reset();
    return window;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
