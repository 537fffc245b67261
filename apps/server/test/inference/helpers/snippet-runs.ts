import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

/** Running the panel's snippets as a user pastes them: each in its own interpreter or process. */

const run = promisify(execFile);

/** One snippet to run, named by model, provider choice and client. */
export interface SnippetCase {
  name: string;
  client: string;
  language: string;
  code: string;
  token: string;
}

/** What a run printed, or the error it raised. */
export interface Outcome {
  name: string;
  output: string;
  error?: string;
}

/** Runs Python snippets one after the other in one interpreter, each in a fresh namespace. */
export const PYTHON_RUNNER = `
import contextlib, io, json, os, sys, traceback
results = []
for case in json.load(open(sys.argv[1])):
    os.environ["HF_TOKEN"] = case["token"]
    out = io.StringIO()
    error = None
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(case["code"], case["name"], "exec"), {"__name__": "__main__"})
    except BaseException as err:
        error = "".join(traceback.format_exception_only(type(err), err)).strip()[-600:]
    results.append({"name": case["name"], "output": out.getvalue(), "error": error})
print(json.dumps(results))
`;

/** "ok" when a snippet raised nothing and printed (or wrote, for `expectFile`) an answer that is not an error. */
export function verdict(outcome: Outcome, cwd?: string, expectFile?: string): string {
  if (outcome.error) return `failed: ${outcome.error}`;
  const output = outcome.output.trim();
  if (expectFile && cwd) {
    const file = path.join(cwd, expectFile);
    if (!fs.existsSync(file) || fs.statSync(file).size === 0) return `wrote no ${expectFile}`;
    return "ok";
  }
  if (output === "") return "printed nothing";
  if (/"error"|'error'|Traceback/.test(output)) return `error answer: ${output.slice(0, 300)}`;
  return "ok";
}

/** The cases run by one Python interpreter in `cwd` (huggingface_hub from `pythonPath` when given). */
export async function runPython(list: SnippetCase[], cwd: string, pythonPath?: string): Promise<Outcome[]> {
  const file = path.join(cwd, `cases-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, JSON.stringify(list));
  const { stdout } = await run("/usr/bin/python3", ["-c", PYTHON_RUNNER, file], {
    env: { ...process.env, ...(pythonPath ? { PYTHONPATH: pythonPath } : {}), HF_HUB_DISABLE_TELEMETRY: "1" },
    cwd,
    timeout: 180_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as Outcome[];
}

/** A shell snippet (curl) run by bash in `cwd`. */
export async function runShell(c: SnippetCase, cwd: string): Promise<Outcome> {
  return run("bash", ["-c", c.code], {
    env: { ...process.env, HF_TOKEN: c.token },
    cwd,
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
    encoding: "latin1",
  }).then(
    ({ stdout }) => ({ name: c.name, output: stdout }),
    (err: Error) => ({ name: c.name, output: "", error: err.message.slice(-600) }),
  );
}

/** A JS snippet written to `file` (under the repo's node_modules, so its imports resolve), run in `cwd`. */
export async function runNode(c: SnippetCase, file: string, cwd: string): Promise<Outcome> {
  fs.writeFileSync(file, c.code);
  return run(process.execPath, [file], {
    env: { ...process.env, HF_TOKEN: c.token },
    cwd,
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    ({ stdout }): Outcome => ({ name: c.name, output: stdout }),
    (err: Error & { stderr?: string }): Outcome => ({
      name: c.name,
      output: "",
      error: (err.stderr || err.message).slice(0, 1500),
    }),
  );
}

/** Maps `items` through `work` with at most `width` running at once, keeping the order. */
export async function inPool<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return results;
}
