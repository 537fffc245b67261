import { spawnSync } from "node:child_process";
import { parse } from "acorn";
import ts from "typescript";

/** `null` when the code parses, otherwise the parser's message. */
export type SyntaxResult = string | null;

const PY_CHECK = `
import ast, json, sys
out = []
for src in json.load(sys.stdin):
    try:
        ast.parse(src)
        out.append(None)
    except SyntaxError as e:
        out.append(f"{e.msg} (line {e.lineno}): {e.text!r}")
json.dump(out, sys.stdout)
`;

/** Parses every source with Python's own `ast.parse`, in a single python3 process. */
export function checkPython(sources: string[]): SyntaxResult[] {
  const res = spawnSync("python3", ["-c", PY_CHECK], {
    input: JSON.stringify(sources),
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (res.status !== 0) throw new Error(`python3 failed: ${res.stderr}`);
  return JSON.parse(res.stdout) as SyntaxResult[];
}

/** Checks a shell script with `bash -n`. */
export function checkShell(source: string): SyntaxResult {
  const res = spawnSync("bash", ["-n"], { input: source, encoding: "utf8" });
  return res.status === 0 ? null : res.stderr.trim() || `bash -n exited ${res.status}`;
}

/** Parses JavaScript (ES modules, top-level await) with acorn. */
export function checkJavaScript(source: string): SyntaxResult {
  try {
    parse(source, { ecmaVersion: "latest", sourceType: "module", allowAwaitOutsideFunction: true });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Parses TypeScript with the TypeScript compiler and reports syntax errors only. */
export function checkTypeScript(source: string): SyntaxResult {
  const out = ts.transpileModule(source, {
    reportDiagnostics: true,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  });
  const diagnostics = out.diagnostics ?? [];
  if (diagnostics.length === 0) return null;
  return diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")).join("; ");
}
