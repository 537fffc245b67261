// Transpile-only build of TypeScript projects: each `src/**/*.ts` becomes `dist/**/*.js` (+ source map)
// with esbuild, one file at a time and without type information, like tsc's own emit under
// `isolatedModules`. No declarations: only tsc consumers need them, and they run the typed build.
import { realpathSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** A project's sources that compile to JavaScript (tests and declaration files do not). */
export function isCompiledSource(projectDir, file) {
  return (
    file.startsWith(`${projectDir}/src/`) &&
    file.endsWith(".ts") &&
    !file.endsWith(".d.ts") &&
    !file.endsWith(".test.ts")
  );
}

/** Where tsc (and this transpiler) writes a source's JavaScript. */
export function outputOf(projectDir, file) {
  return path.join(projectDir, "dist", file.slice(`${projectDir}/src/`.length).replace(/\.ts$/, ".js"));
}

/** esbuild comes with tsx (a root devDependency), so it is always installed where tsx is. */
async function loadEsbuild(root) {
  const tsx = realpathSync(path.join(root, "node_modules", "tsx"));
  const fromTsx = createRequire(path.join(tsx, "package.json"));
  const esbuild = await import(pathToFileURL(fromTsx.resolve("esbuild")).href);
  return esbuild.build ? esbuild : esbuild.default;
}

/** Transpiles sources (relative to `root`) into their project's dist folder: `jobs` is `[{ dir, files }]`. */
export async function transpile(root, jobs) {
  const esbuild = await loadEsbuild(root);
  try {
    await Promise.all(
      jobs.map(({ dir, files }) =>
        esbuild.build({
          absWorkingDir: root,
          entryPoints: files,
          outbase: path.join(dir, "src"),
          outdir: path.join(dir, "dist"),
          tsconfig: path.join(dir, "tsconfig.json"),
          format: "esm",
          platform: "node",
          target: "es2022",
          sourcemap: true,
          logLevel: "error",
        }),
      ),
    );
  } finally {
    // its service process ends with this one anyway; stopped here so it is waited for (and counted)
    await esbuild.stop();
  }
}
