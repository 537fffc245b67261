import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { BuildFailure, buildParts, STAMP_FILE } from "../build/build-parts.mjs";
import { typeScriptPart } from "../build/hub-parts.mjs";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const LIB = `export const greeting = (name: string): string => \`hello \${name}\`;\n`;
// a parameter property next to a class field: where tsc's and esbuild's emit could differ
const APP = [
  'import { greeting } from "lib";',
  "declare const console: { log(line: string): void };",
  "export class Greeter {",
  "  line: string;",
  "  constructor(readonly name: string) {",
  "    this.line = greeting(name);",
  "  }",
  "}",
  'console.log(new Greeter("hub").line);',
  "",
].join("\n");

/** A two-project workspace (a package and an app importing it) built by the same parts as the hub. */
function workspace(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-build-"));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  fs.copyFileSync(path.join(repoRoot, "tsconfig.base.json"), path.join(root, "tsconfig.base.json"));
  write("package-lock.json", "{}\n");
  const project = (references: string[]) =>
    JSON.stringify({
      extends: "../../tsconfig.base.json",
      compilerOptions: { rootDir: "src", outDir: "dist", types: [] },
      include: ["src"],
      references: references.map((reference) => ({ path: reference })),
    });
  write(
    "packages/lib/package.json",
    JSON.stringify({ name: "lib", type: "module", exports: "./dist/index.js" }),
  );
  write("packages/lib/tsconfig.json", project([]));
  write("packages/lib/src/index.ts", LIB);
  write("apps/app/package.json", JSON.stringify({ name: "app", type: "module" }));
  write("apps/app/tsconfig.json", project(["../../packages/lib"]));
  write("apps/app/src/main.ts", APP);
  fs.mkdirSync(path.join(root, "node_modules"));
  for (const dependency of ["typescript", "tsx"])
    fs.symlinkSync(
      path.join(repoRoot, "node_modules", dependency),
      path.join(root, "node_modules", dependency),
    );
  fs.symlinkSync(path.join(root, "packages/lib"), path.join(root, "node_modules/lib"));
  return root;
}

async function build(root: string, force: boolean): Promise<string[]> {
  const lines: string[] = [];
  const part = typeScriptPart({ projects: ["packages/lib", "apps/app"], output: "apps/app/dist/main.js" });
  await buildParts({ root, parts: [part], force, log: (line: string) => lines.push(line) });
  return lines;
}

const stamp = (root: string) => JSON.parse(fs.readFileSync(path.join(root, STAMP_FILE), "utf8")).tsc;
const runApp = (root: string) =>
  execFileSync(process.execPath, [path.join(root, "apps/app/dist/main.js")], { encoding: "utf8" });

/** Every output file and its bytes (tsc's build info aside: it names absolute times and paths). */
function outputs(root: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const dir of ["packages/lib/dist", "apps/app/dist"])
    for (const file of fs.readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" }))
      if (!file.endsWith(".tsbuildinfo"))
        found[`${dir}/${file}`] = fs.readFileSync(path.join(root, dir, file), "utf8");
  return found;
}

describe("build-if-changed: quick builds for npm start, typed builds for npm run build", () => {
  const roots: string[] = [];
  /** The outputs of a workspace that only ever had typed builds. */
  let typedOnly: Record<string, string> | undefined;

  afterAll(() => {
    for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
  });

  it("a start transpiles only the changed file; an edit undone before the typed build still ends typed", async () => {
    const root = workspace();
    roots.push(root);
    await build(root, true);
    typedOnly = outputs(root);
    expect(Object.keys(typedOnly)).toContain("apps/app/dist/main.d.ts");
    const lib = path.join(root, "packages/lib/src/index.ts");
    fs.writeFileSync(lib, LIB.replace("hello", "hi"));
    await build(root, false);
    expect(stamp(root)).toMatchObject({ build: "quick", transpiled: ["packages/lib/src/index.ts"] });
    expect(runApp(root)).toBe("hi hub\n");
    // back to what tsc last compiled: tsc -b alone would call the project up to date
    fs.writeFileSync(lib, LIB);
    await build(root, false);
    expect(runApp(root)).toBe("hello hub\n");
    await build(root, true);
    expect(outputs(root)).toEqual(typedOnly);
  });

  it("a first start transpiles without types; npm run build then yields the typed build; a start after it does nothing", async () => {
    const root = workspace();
    roots.push(root);
    expect(await build(root, false)).toEqual([expect.stringMatching(/quick build/)]);
    expect(runApp(root)).toBe("hello hub\n");
    expect(fs.existsSync(path.join(root, "apps/app/dist/main.d.ts"))).toBe(false);
    expect(stamp(root)).toMatchObject({
      build: "quick",
      transpiled: ["apps/app/src/main.ts", "packages/lib/src/index.ts"],
    });
    expect(await build(root, false)).toEqual([expect.stringMatching(/up to date \(quick build\)/)]);

    expect(await build(root, true)).toEqual([expect.stringMatching(/typed build/)]);
    expect(outputs(root)).toEqual(typedOnly);
    expect(stamp(root).build).toBe("typed");
    expect(stamp(root).transpiled).toBeUndefined();
    expect(await build(root, false)).toEqual([expect.stringMatching(/up to date \(typed build\)/)]);

    // a type error does not stop a start, but fails npm run build
    fs.appendFileSync(path.join(root, "apps/app/src/main.ts"), `export const count: number = "three";\n`);
    await build(root, false);
    expect(runApp(root)).toBe("hello hub\n");
    await expect(build(root, true)).rejects.toBeInstanceOf(BuildFailure);
    expect(stamp(root).build).toBe("quick");
  });
});
