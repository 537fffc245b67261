import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, "../../../..");

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  kill(): Promise<void>;
}

/** Starts standalone-server.ts in a child process and waits for its URL. */
export function startServerProcess(dataDir: string): Promise<ServerProcess> {
  // One node process (no tsx wrapper) so SIGKILL really kills the server.
  const child = spawn(process.execPath, ["--import", "tsx", join(here, "standalone-server.ts"), dataDir], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error("server did not start")), 60_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: match[1],
          child,
          kill: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null || child.signalCode !== null) return done();
              child.once("exit", () => done());
              child.kill("SIGKILL");
            }),
        });
      }
    });
    child.once("exit", (code) => reject(new Error(`server exited early (${code})`)));
  });
}
