import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { HttpError } from "../domain/errors.js";
import type { SqlJob } from "./sql-console.js";
import type { LauncherJob, LauncherReply } from "./sql-launcher.js";

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

/** Beyond a query's deadline, how long the hub waits for the launcher before giving up on it. */
const LAUNCHER_GRACE_MS = 45_000;

/** The launcher entry next to this file: compiled JS, or the TS source under tsx (tests). */
function launcherEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts"))
    return { file: here.replace(/sql-sandbox\.ts$/, "sql-launcher.ts"), execArgv: ["--import", "tsx"] };
  return { file: here.replace(/sql-sandbox\.js$/, "sql-launcher.js"), execArgv: [] };
}

/**
 * The SQL console's processes, seen from the hub: each query runs in a console process of its own slot
 * (at most `concurrency` at once), so DuckDB's work — constant folding while preparing included — never
 * runs in the hub's process nor grows its memory. The consoles are children of a small launcher
 * process (`sql-launcher.ts`) the hub starts with the dataset viewer, while it is still small: the
 * launcher forks consoles cheaply, kills one at its query's deadline (counted from the query's arrival
 * here, or from when a console started for it is ready) or past its memory bound (DuckDB's
 * `memory_limit` does not cover everything, e.g. `repeat('x', 1000000000)` folded at prepare), and
 * relays answers. The hub itself never forks per query.
 */
export class SqlSandbox {
  private readonly free: number[];
  private readonly waiting: ((slot: number) => void)[] = [];
  private launcher: ChildProcess | undefined;
  private readonly pending = new Map<number, (reply: LauncherReply) => void>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly settings: SqlSandboxSettings) {
    this.free = Array.from({ length: Math.max(1, settings.concurrency) }, (_, slot) => slot);
  }

  /** Starts the launcher now (the hub is small at start: forking it is cheap). */
  warm(): void {
    this.launcher ??= this.startLauncher();
  }

  /** The answer's JSON text; refusals, timeouts and memory overruns as `HttpError`s. */
  async run(job: SqlJob): Promise<string> {
    if (this.closed) throw new HttpError(503, "The SQL console is shutting down");
    const deadline = Date.now() + this.settings.timeoutMs;
    const slot = await this.takeSlot(deadline);
    try {
      const reply = await this.send({
        id: this.nextId++,
        slot,
        job,
        deadline,
        timeoutMs: this.settings.timeoutMs,
        processMemoryBytes: this.settings.processMemoryBytes,
      });
      if (!reply.ok) throw new HttpError(reply.status, reply.error);
      return reply.json;
    } finally {
      this.giveBack(slot);
    }
  }

  close(): void {
    this.closed = true;
    this.launcher?.kill("SIGKILL");
    this.launcher = undefined;
  }

  private send(request: LauncherJob): Promise<LauncherReply> {
    const launcher = (this.launcher ??= this.startLauncher());
    return new Promise<LauncherReply>((resolve) => {
      const timer = setTimeout(
        () => {
          this.pending.delete(request.id);
          resolve({
            id: request.id,
            ok: false,
            status: 503,
            error: "The SQL console did not answer",
            stopped: true,
          });
        },
        request.deadline - Date.now() + LAUNCHER_GRACE_MS,
      );
      this.pending.set(request.id, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      launcher.send(request);
    });
  }

  private startLauncher(): ChildProcess {
    const entry = launcherEntry();
    const launcher = fork(entry.file, [], {
      execArgv: entry.execArgv,
      stdio: ["ignore", "ignore", "inherit", "ipc"],
      serialization: "advanced",
    });
    launcher.on("error", () => undefined);
    launcher.on("message", (reply: LauncherReply | { ready: true }) => {
      if (!("id" in reply)) return;
      const answer = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      answer?.(reply);
    });
    launcher.on("exit", () => {
      if (this.launcher === launcher) this.launcher = undefined;
      const stopped = [...this.pending.entries()];
      this.pending.clear();
      for (const [id, answer] of stopped)
        answer({ id, ok: false, status: 503, error: "The SQL console stopped; try again", stopped: true });
    });
    // the launcher never keeps the hub's process alive
    launcher.unref();
    launcher.channel?.unref();
    return launcher;
  }

  private takeSlot(deadline: number): Promise<number> {
    const slot = this.free.pop();
    if (slot !== undefined) return Promise.resolve(slot);
    return new Promise<number>((resolve, reject) => {
      const waiter = (given: number) => {
        clearTimeout(timer);
        resolve(given);
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(waiter);
        if (index !== -1) this.waiting.splice(index, 1);
        reject(
          new HttpError(
            408,
            `The query ran longer than ${this.settings.timeoutMs} ms (counted from its arrival) and was stopped`,
          ),
        );
      }, deadline - Date.now());
      this.waiting.push(waiter);
    });
  }

  private giveBack(slot: number): void {
    const next = this.waiting.shift();
    if (next) next(slot);
    else this.free.push(slot);
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
