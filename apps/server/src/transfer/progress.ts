import { fitLabel, formatBytes, formatDuration } from "./format.js";

const REDRAW_MS = 100;
const RATE_WINDOW_MS = 3000;
const MAX_VISIBLE_TASKS = 4;
const BAR_WIDTH = 20;

interface Sample {
  at: number;
  bytes: number;
}

/** Bytes per second over the last few seconds of samples. */
class RateMeter {
  private readonly samples: Sample[] = [];

  record(at: number, bytes: number): void {
    this.samples.push({ at, bytes });
    while (this.samples.length > 2 && at - this.samples[0].at > RATE_WINDOW_MS) this.samples.shift();
  }

  perSecond(): number {
    if (this.samples.length < 2) return 0;
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    const ms = last.at - first.at;
    return ms > 0 ? ((last.bytes - first.bytes) * 1000) / ms : 0;
  }
}

export interface ProgressTask {
  /** Sets the bytes done for this task (absolute, so a resumed prefix counts at once). */
  update(done: number): void;
  finish(): void;
}

class Task implements ProgressTask {
  done = 0;
  readonly rate = new RateMeter();
  finished = false;

  constructor(
    readonly board: ProgressBoard,
    readonly label: string,
    readonly total: number,
  ) {}

  update(done: number): void {
    const delta = done - this.done;
    this.done = done;
    this.board.moved(delta);
    this.rate.record(this.board.now(), done);
    this.board.maybeRender();
  }

  finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.board.taskEnded(this);
  }
}

/**
 * Per-file and total progress drawn in place on a terminal (stderr), at most every 100 ms. When the
 * output is not a terminal nothing is drawn; callers then print only their summary line.
 */
export class ProgressBoard {
  private readonly tasks: Task[] = [];
  private readonly totalRate = new RateMeter();
  private doneBytes = 0;
  private drawnLines = 0;
  private lastDraw = 0;
  private readonly started: number;

  constructor(
    private readonly out: { write(text: string): unknown },
    private readonly enabled: boolean,
    private readonly title: string,
    private totalBytes = 0,
    readonly now: () => number = Date.now,
  ) {
    this.started = now();
  }

  setTotal(bytes: number): void {
    this.totalBytes = bytes;
  }

  task(label: string, total: number): ProgressTask {
    const task = new Task(this, label, total);
    this.tasks.push(task);
    this.maybeRender();
    return task;
  }

  /** Counts bytes that need no transfer (skipped files) towards the total. */
  skip(bytes: number): void {
    this.moved(bytes);
  }

  moved(delta: number): void {
    this.doneBytes += delta;
    this.totalRate.record(this.now(), this.doneBytes);
  }

  taskEnded(task: Task): void {
    const index = this.tasks.indexOf(task);
    if (index >= 0) this.tasks.splice(index, 1);
    this.maybeRender();
  }

  get elapsedSeconds(): number {
    return (this.now() - this.started) / 1000;
  }

  maybeRender(): void {
    if (!this.enabled) return;
    const at = this.now();
    if (at - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = at;
    this.draw();
  }

  /** Final draw, then leaves the cursor below the bars. */
  close(): void {
    if (!this.enabled) return;
    this.tasks.length = 0;
    this.draw();
  }

  private draw(): void {
    const lines = this.tasks
      .slice(0, MAX_VISIBLE_TASKS)
      .map((t) => line(t.label, t.done, t.total, t.rate.perSecond()));
    const hidden = this.tasks.length - MAX_VISIBLE_TASKS;
    if (hidden > 0) lines.push(`  … and ${hidden} more`);
    lines.push(line(this.title, this.doneBytes, this.totalBytes, this.totalRate.perSecond()));
    let text = this.drawnLines > 0 ? `\x1b[${this.drawnLines}A` : "";
    for (const l of lines) text += `\r\x1b[2K${l}\n`;
    // Clear lines left over from a taller previous frame.
    for (let i = lines.length; i < this.drawnLines; i++) text += "\r\x1b[2K\n";
    if (this.drawnLines > lines.length) text += `\x1b[${this.drawnLines - lines.length}A`;
    this.drawnLines = lines.length;
    this.out.write(text);
  }
}

function line(label: string, done: number, total: number, rate: number): string {
  const fraction = total > 0 ? Math.min(done / total, 1) : 1;
  const filled = Math.round(fraction * BAR_WIDTH);
  const bar = "█".repeat(filled) + "░".repeat(BAR_WIDTH - filled);
  const eta = rate > 0 ? formatDuration((total - done) / rate) : "--:--";
  const pct = String(Math.floor(fraction * 100)).padStart(3);
  return `${fitLabel(label, 28)} ${pct}% ${bar} ${formatBytes(done)}/${formatBytes(total)}  ${formatBytes(rate)}/s  ETA ${eta}`;
}
