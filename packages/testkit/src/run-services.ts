import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { inject } from "vitest";

/**
 * Services one test run shares between its files (a Ceph cluster, an identity server, clamd…): the
 * first file that asks starts the service, every other file — in any worker — gets the same one, and
 * the run's global setup (`run-services-setup.ts`) stops them all when the run ends. A file that needs
 * a service to itself (it stops or freezes it) starts its own instead.
 *
 * Files that share a service must not share state in it: each uses its own bucket, realm, user names…
 */

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's folder for shared services (set by run-services-setup.ts). */
    modelhubRunDir: string;
  }
}

const run = promisify(execFile);

/** How the run's teardown stops a service: a command (e.g. a stop script) or a process to signal. */
export type StopHow = { command: string; args?: string[]; env?: Record<string, string> } | { pid: number };

/** What a started service leaves in the run's folder: what files need, and how to stop it. */
export interface ServiceRecord<T> {
  info: T;
  stop: StopHow;
}

const POLL_MS = 200;

/** The run's folder, or undefined when the file runs without the run's global setup. */
function runDir(): string | undefined {
  try {
    return inject("modelhubRunDir") || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The run's instance of service `name`: started once by `start` (given a folder of its own inside the
 * run's folder) and shared by every file that asks. `start` answers what the other files need (`info`,
 * JSON) and how to stop it. Without the run's setup (a file run through another config) the service
 * is started for the caller alone and `release` stops it.
 */
export async function sharedService<T>(
  name: string,
  start: (dir: string) => Promise<ServiceRecord<T>>,
  { timeoutMs = 180_000 }: { timeoutMs?: number } = {},
): Promise<{ info: T; release: () => Promise<void> }> {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`service name ${name}: lower-case letters, digits, -`);
  const base = runDir();
  if (!base) {
    const dir = await mkdtemp(join(tmpdir(), `modelhub-${name}-`));
    const started = await start(dir);
    return {
      info: started.info,
      release: async () => {
        await stopService(started.stop);
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const file = join(base, `${name}.json`);
  const failed = join(base, `${name}.failed`);
  const noop = async () => undefined;
  let first = false;
  try {
    await mkdir(join(base, `${name}.lock`));
    first = true;
  } catch {
    // another file holds the lock: it starts (or started) the service
  }
  if (first) {
    const dir = join(base, name);
    await mkdir(dir, { recursive: true });
    try {
      const started = await start(dir);
      await writeFile(`${file}.tmp`, JSON.stringify(started));
      await rename(`${file}.tmp`, file);
      return { info: started.info, release: noop };
    } catch (error) {
      await writeFile(failed, String(error instanceof Error ? error.stack : error));
      throw error;
    }
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await readFile(file, "utf8").catch(() => undefined);
    if (text) return { info: (JSON.parse(text) as ServiceRecord<T>).info, release: noop };
    const why = await readFile(failed, "utf8").catch(() => undefined);
    if (why) throw new Error(`the shared ${name} failed to start in another test file:\n${why}`);
    if (Date.now() > deadline) throw new Error(`the shared ${name} did not start within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function stopService(how: StopHow): Promise<void> {
  if ("pid" in how) {
    try {
      process.kill(how.pid, "SIGTERM");
    } catch {
      // already gone
    }
    return;
  }
  await run(how.command, how.args ?? [], { env: { ...process.env, ...how.env }, timeout: 60_000 }).catch(
    () => undefined,
  );
}

/** Stops every service started in the run's folder (the run's teardown), then removes the folder. */
export async function stopRunServices(dir: string): Promise<void> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".json"));
  await Promise.all(
    names.map(async (name) => {
      const record = JSON.parse(await readFile(join(dir, name), "utf8")) as ServiceRecord<unknown>;
      await stopService(record.stop);
    }),
  );
  await rm(dir, { recursive: true, force: true });
}
