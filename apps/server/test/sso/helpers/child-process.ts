import { spawn, type ChildProcess } from "node:child_process";
import readline from "node:readline";

export interface RunningChild<T> {
  info: T;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a helper server in its own process and waits for the first JSON line it prints (its URLs).
 * Fails with the process's output when it exits or stays silent for `timeoutMs`.
 */
export async function startChild<T>(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 30_000,
): Promise<RunningChild<T>> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    if (stderr.length > 20_000) stderr = stderr.slice(-20_000);
  });
  const info = await new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${command} printed nothing in ${timeoutMs} ms:\n${stderr}`)),
      timeoutMs,
    );
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      if (!line.trim().startsWith("{")) return;
      clearTimeout(timer);
      try {
        resolve(JSON.parse(line) as T);
      } catch (err) {
        reject(err as Error);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code}:\n${stderr}`));
    });
  });
  return {
    info,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
