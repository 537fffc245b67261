import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The package's promise, checked with the compiler: edit a shape in the built `files.d.ts` (as a
 * changed package would be) and type-check one server module and one web page that use it. Needs
 * `npm run build` first, like the other suites.
 */
const root = fileURLToPath(new URL("../../../", import.meta.url));
const filesTypes = path.join(root, "packages/api-types/dist/files.d.ts");

const SERVER = { tsconfig: "apps/server/tsconfig.json", entry: "apps/server/src/content/git/commit-diff.ts" };
const WEB = {
  tsconfig: "apps/web/tsconfig.json",
  entry: "apps/web/src/features/commit-diff/commit-page.tsx",
};

function compilerOptions(tsconfig: string): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, tsconfig), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  });
  if (!parsed) throw new Error(`Cannot read ${tsconfig}`);
  return {
    ...parsed.options,
    noEmit: true,
    composite: false,
    incremental: false,
    declaration: false,
    declarationMap: false,
  };
}

/** Type errors of `side.entry` and what it imports, with the package's `files.d.ts` passed through `edit`. */
function typeErrors(side: { tsconfig: string; entry: string }, edit: (text: string) => string): string[] {
  const options = compilerOptions(side.tsconfig);
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => {
    const text = readFile(file);
    return text !== undefined && path.resolve(file) === filesTypes ? edit(text) : text;
  };
  const program = ts.createProgram({ rootNames: [path.join(root, side.entry)], options, host });
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? path.relative(root, d.file.fileName) : "?"}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`,
    );
}

const unchanged = (text: string) => text;
const rename = (from: string, to: string) => (text: string) => {
  if (!text.includes(from)) throw new Error(`files.d.ts has no "${from}"`);
  return text.replace(from, to);
};

describe("a shape change in @modelhub/api-types", () => {
  it("leaves both sides compiling when nothing changed", () => {
    expect(typeErrors(SERVER, unchanged)).toEqual([]);
    expect(typeErrors(WEB, unchanged)).toEqual([]);
  });

  it("fails the server and the web app when a field they use is renamed", () => {
    const change = rename("filesTruncated: boolean;", "filesOmitted: boolean;");
    expect(typeErrors(SERVER, change).join("\n")).toMatch(
      /commit-diff\.ts: .*'filesTruncated' does not exist in type 'CommitDiff'/,
    );
    expect(typeErrors(WEB, change).join("\n")).toMatch(
      /commit-page\.tsx: Property 'filesTruncated' does not exist on type 'CommitDiff'/,
    );
  });

  it("fails the server when it sends a field the package does not name", () => {
    const change = rename("authorEmail: string;", "");
    expect(typeErrors(SERVER, change).join("\n")).toMatch(/commit-diff\.ts: .*'authorEmail' does not exist/);
  });
});
