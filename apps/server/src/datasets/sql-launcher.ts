/**
 * The SQL console's launcher process (see `SqlSandbox`): a small process the hub starts once, which
 * starts the console processes (`sql-worker.ts`), hands them queries, enforces each query's time limit
 * and memory bound by killing its console, and relays the answers. Forking is done here, not in the
 * hub: forking copies the parent's page tables, which from a hub of several hundred MB holds its
 * event loop for tens to hundreds of milliseconds; from this process it costs a few.
 */
import { fork, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { SqlJob, SqlOutcome } from "./sql-console.js";

/** What the hub sends: a query for one slot's console, with its deadline (epoch ms). */
export interface LauncherJob {
  id: number;
  slot: number;
  job: SqlJob;
  deadline: number;
  timeoutMs: number;
  processMemoryBytes: number;
}

/** What the launcher answers: the console's outcome, or why the console was stopped. */
export type LauncherReply = { id: number } & (
  SqlOutcome | { ok: false; status: 408 | 422 | 503; error: string; stopped: true }
);

const WATCHDOG_MS = 50;
const START_TIMEOUT_MS = 30_000;
const IDLE_MS = 60_000;

interface Console {
  child: ChildProcess;
  ready: Promise<void>;
  idleTimer?: NodeJS.Timeout;
}

const consoles = new Map<number, Console>();

function workerEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts"))
    return { file: here.replace(/sql-launcher\.ts$/, "sql-worker.ts"), execArgv: ["--import", "tsx"] };
  return { file: here.replace(/sql-launcher\.js$/, "sql-worker.js"), execArgv: [] };
}

async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

function consoleFor(slot: number): { console: Console; started: boolean } {
  const known = consoles.get(slot);
  if (known && known.child.exitCode === null && known.child.signalCode === null)
    return { console: known, started: false };
  const entry = workerEntry();
  const child = fork(entry.file, [], {
    execArgv: [...entry.execArgv, "--max-old-space-size=256"],
    stdio: ["ignore", "ignore", "ignore", "ipc"],
    serialization: "advanced",
  });
  child.on("error", () => undefined);
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("did not start in time"));
    }, START_TIMEOUT_MS);
    child.on("message", function onReady(message: { ready?: boolean }) {
      if (message.ready !== true) return;
      clearTimeout(timer);
      child.off("message", onReady);
      resolve();
    });
    child.once("exit", () => {
      clearTimeout(timer);
      reject(new Error("stopped while starting"));
    });
  });
  ready.catch(() => undefined);
  const created: Console = { child, ready };
  consoles.set(slot, created);
  child.once("exit", () => {
    if (consoles.get(slot) === created) consoles.delete(slot);
  });
  return { console: created, started: true };
}

function stop(slot: number, running: Console): void {
  if (consoles.get(slot) === running) consoles.delete(slot);
  running.child.kill("SIGKILL");
}

async function run(request: LauncherJob): Promise<LauncherReply> {
  const { console: running, started } = consoleFor(request.slot);
  clearTimeout(running.idleTimer);
  try {
    await running.ready;
  } catch (error) {
    stop(request.slot, running);
    const why = error instanceof Error ? error.message : String(error);
    return { id: request.id, ok: false, status: 503, error: `The SQL console process ${why}`, stopped: true };
  }
  // a console started for this query: its clock starts when the console is ready
  const deadline = started ? Math.max(request.deadline, Date.now() + request.timeoutMs) : request.deadline;
  const child = running.child;
  return new Promise<LauncherReply>((resolve) => {
    let done = false;
    const finish = (reply: LauncherReply, kill: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearInterval(watchdog);
      child.off("message", onMessage);
      child.off("exit", onExit);
      if (kill) stop(request.slot, running);
      else {
        running.idleTimer = setTimeout(() => stop(request.slot, running), IDLE_MS);
        running.idleTimer.unref();
      }
      resolve(reply);
    };
    const onMessage = (message: { id?: number } & SqlOutcome) => {
      if (message.id === request.id) finish({ ...message, id: request.id }, false);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      finish(
        {
          id: request.id,
          ok: false,
          status: 503,
          error: `The SQL console process stopped (${signal ?? `exit code ${code}`})`,
          stopped: true,
        },
        false,
      );
    const timer = setTimeout(
      () =>
        finish(
          {
            id: request.id,
            ok: false,
            status: 408,
            error: `The query ran longer than ${request.timeoutMs} ms (counted from its arrival) and was stopped`,
            stopped: true,
          },
          true,
        ),
      Math.max(0, deadline - Date.now()),
    );
    const watchdog = setInterval(() => {
      if (!child.pid) return;
      void residentBytes(child.pid).then((bytes) => {
        if (bytes > request.processMemoryBytes)
          finish(
            {
              id: request.id,
              ok: false,
              status: 422,
              error: `The query needs more memory than allowed (its process passed ${Math.round(request.processMemoryBytes / 1048576)} MB) and was stopped`,
              stopped: true,
            },
            true,
          );
      });
    }, WATCHDOG_MS);
    child.on("message", onMessage);
    child.once("exit", onExit);
    child.send({ id: request.id, job: request.job });
  });
}

process.on("disconnect", () => {
  for (const running of consoles.values()) running.child.kill("SIGKILL");
  process.exit(0);
});
process.on("message", (message: LauncherJob) => {
  void run(message).then((reply) => process.send?.(reply));
});
process.send?.({ ready: true });
