import { fork, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { HttpError } from "../domain/errors.js";
import type { SqlJob, SqlOutcome } from "./sql-console.js";

export interface SqlSandboxSettings {
  /** Queries running at once (one console process each); more wait their turn. */
  concurrency: number;
  /** From the moment a query arrives (waiting, preparing and running): past it, 408. */
  timeoutMs: number;
  /** Resident memory a console process may reach; past it the process is killed (422). */
  processMemoryBytes: number;
}

/** Node and DuckDB themselves, on top of DuckDB's memory limit, in a console process's memory bound. */
export const CONSOLE_PROCESS_OVERHEAD_BYTES = 256 * 1024 * 1024;

/** How often a running query's process memory is read. */
const WATCHDOG_MS = 50;
/** A console process that is not ready after this long is given up (503). */
const START_TIMEOUT_MS = 30_000;
/** An idle console process exits after this long (the next query starts one again). */
const IDLE_MS = 60_000;

interface Slot {
  child: ChildProcess | undefined;
  busy: boolean;
  idleTimer: NodeJS.Timeout | undefined;
}

interface Running {
  resolve: (outcome: SqlOutcome) => void;
  reject: (error: Error) => void;
}

/** The console process entry next to this file: compiled JS, or the TS source under tsx (tests). */
function workerEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts"))
    return { file: here.replace(/sql-sandbox\.ts$/, "sql-worker.ts"), execArgv: ["--import", "tsx"] };
  return { file: here.replace(/sql-sandbox\.js$/, "sql-worker.js"), execArgv: [] };
}

async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

/**
 * The SQL console's processes: each query runs in a child process of its own slot (at most
 * `concurrency` at once), so DuckDB's work — constant folding while preparing included — never runs
 * in the hub's process nor grows its memory. The time limit counts from the query's arrival (from
 * when its process is ready, when one had to be started for it) and is enforced by killing the process; a watchdog kills a process whose resident memory passes the bound
 * (DuckDB's `memory_limit` does not cover everything, e.g. `repeat('x', 1000000000)` folded at prepare).
 */
export class SqlSandbox {
  private readonly slots: Slot[];
  private readonly waiting: ((slot: Slot) => void)[] = [];
  private readonly running = new Map<ChildProcess, Running>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly settings: SqlSandboxSettings) {
    this.slots = Array.from({ length: Math.max(1, settings.concurrency) }, () => ({
      child: undefined,
      busy: false,
      idleTimer: undefined,
    }));
  }

  /** The answer's JSON text; refusals, timeouts and memory overruns as `HttpError`s. */
  async run(job: SqlJob): Promise<string> {
    if (this.closed) throw new HttpError(503, "The SQL console is shutting down");
    let deadline = Date.now() + this.settings.timeoutMs;
    const slot = await this.takeSlot(deadline);
    try {
      // A process started for this query: its clock starts when the process is ready.
      if (!slot.child) {
        clearTimeout(slot.idleTimer);
        await this.start(slot);
        deadline = Math.max(deadline, Date.now() + this.settings.timeoutMs);
      }
      const outcome = await this.runIn(slot, job, deadline);
      if (!outcome.ok) throw new HttpError(outcome.status, outcome.error);
      return outcome.json;
    } finally {
      this.giveBack(slot);
    }
  }

  close(): void {
    this.closed = true;
    for (const slot of this.slots) {
      clearTimeout(slot.idleTimer);
      slot.child?.kill("SIGKILL");
      slot.child = undefined;
    }
  }

  private takeSlot(deadline: number): Promise<Slot> {
    const free = this.slots.find((slot) => !slot.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    return new Promise<Slot>((resolve, reject) => {
      const waiter = (slot: Slot) => {
        clearTimeout(timer);
        resolve(slot);
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(waiter);
        if (index !== -1) this.waiting.splice(index, 1);
        reject(this.timeoutError());
      }, deadline - Date.now());
      this.waiting.push(waiter);
    });
  }

  private giveBack(slot: Slot): void {
    const next = this.waiting.shift();
    if (next) return next(slot);
    slot.busy = false;
    if (slot.child) {
      const child = slot.child;
      slot.idleTimer = setTimeout(() => {
        if (slot.child === child && !slot.busy) {
          slot.child = undefined;
          child.kill("SIGKILL");
        }
      }, IDLE_MS);
      slot.idleTimer.unref();
    }
  }

  private runIn(slot: Slot, job: SqlJob, deadline: number): Promise<SqlOutcome> {
    clearTimeout(slot.idleTimer);
    const child = slot.child;
    if (!child) return Promise.reject(new HttpError(503, "The SQL console process is not running"));
    const id = this.nextId++;
    return new Promise<SqlOutcome>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        clearInterval(watchdog);
        this.running.delete(child);
        child.off("message", onMessage);
      };
      const fail = (error: Error) => {
        finish();
        if (slot.child === child) slot.child = undefined;
        child.kill("SIGKILL");
        reject(error);
      };
      const onMessage = (message: { id?: number } & Partial<SqlOutcome>) => {
        if (message.id !== id) return;
        finish();
        resolve(message as SqlOutcome);
      };
      const timer = setTimeout(() => fail(this.timeoutError()), Math.max(0, deadline - Date.now()));
      const watchdog = setInterval(() => {
        if (!child.pid) return;
        void residentBytes(child.pid).then((bytes) => {
          if (bytes > this.settings.processMemoryBytes && this.running.has(child))
            fail(
              new HttpError(
                422,
                `The query needs more memory than allowed (its process passed ${Math.round(this.settings.processMemoryBytes / 1048576)} MB) and was stopped`,
              ),
            );
        });
      }, WATCHDOG_MS);
      this.running.set(child, {
        resolve,
        reject: (error) => {
          finish();
          reject(error);
        },
      });
      child.on("message", onMessage);
      child.send({ id, job });
    });
  }

  /** Starts the slot's console process and waits until it is ready for queries. */
  private start(slot: Slot): Promise<ChildProcess> {
    const entry = workerEntry();
    const child = fork(entry.file, [], {
      execArgv: [...entry.execArgv, "--max-old-space-size=256"],
      stdio: ["ignore", "ignore", "ignore", "ipc"],
      serialization: "advanced",
    });
    slot.child = child;
    child.on("error", () => undefined);
    return new Promise<ChildProcess>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new HttpError(503, "The SQL console process did not start in time"));
      }, START_TIMEOUT_MS);
      const onReady = (message: { ready?: boolean }) => {
        if (message.ready !== true) return;
        clearTimeout(timer);
        child.off("message", onReady);
        resolve(child);
      };
      child.on("message", onReady);
      child.on("exit", (code, signal) => {
        clearTimeout(timer);
        if (slot.child === child) slot.child = undefined;
        const stopped = new HttpError(503, `The SQL console process stopped (${signal ?? `exit code ${code}`})`);
        reject(stopped);
        this.running.get(child)?.reject(stopped);
      });
    });
  }

  private timeoutError(): HttpError {
    return new HttpError(
      408,
      `The query ran longer than ${this.settings.timeoutMs} ms (counted from its arrival) and was stopped`,
    );
  }
}

/** Bytes of a DuckDB memory setting such as "256MB", "1GiB", "512 KB". */
export function memoryBytes(setting: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([KMGT]?)(i?)B$/i.exec(setting.trim());
  if (!match) return 256 * 1024 * 1024;
  const power = " KMGT".indexOf(match[2].toUpperCase() || " ");
  const base = match[3] ? 1024 : 1000;
  return Math.round(Number(match[1]) * base ** power);
}
