// The hub's two build parts: the TypeScript projects (server and packages) and the web app.
import { spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { setPriority } from "node:os";
import path from "node:path";
import { run } from "./build-parts.mjs";
import { combinedHash } from "./input-files.mjs";
import { isCompiledSource, outputOf, transpile } from "./transpile.mjs";

const PACKAGES = ["packages/api-types", "packages/tasks", "packages/inference"];
const SHARED = ["package-lock.json", "tsconfig.base.json"];

/** The inputs that are not one project's compiled sources (configs, lockfile): a change re-emits all. */
function configHash(projects, files = {}) {
  const configs = Object.entries(files).filter(
    ([file]) => !projects.some((dir) => isCompiledSource(dir, file)),
  );
  return combinedHash(Object.fromEntries(configs));
}

/** The projects holding any of the files. */
const projectsOf = (projects, files) =>
  projects.filter((dir) => files.some((file) => isCompiledSource(dir, file)));

/**
 * `tsc -b` of the projects (typed), or a transpile of the sources changed since their JavaScript was
 * last written (quick). A quick build leaves tsc's build info alone, so the next typed build still
 * type-checks incrementally and re-emits the files whose source changed since; a transpiled file it did
 * not re-emit (its source is back to what tsc last saw) makes it rebuild that project in full.
 */
export function typeScriptPart({ projects, output, shared = SHARED }) {
  const tsc = (root, args) =>
    run(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-b", ...args], { cwd: root });
  return {
    name: "server and packages",
    key: "tsc",
    inputs: [
      ...shared,
      ...projects.flatMap((dir) => [`${dir}/src`, `${dir}/tsconfig.json`, `${dir}/package.json`]),
    ],
    output,
    typed: ({ root, previous }) => {
      const started = Date.now();
      tsc(root, projects);
      const notReemitted = (previous?.transpiled ?? []).filter((file) => {
        const dir = projects.find((project) => isCompiledSource(project, file));
        const js = dir && path.join(root, outputOf(dir, file));
        return js !== undefined && existsSync(js) && statSync(js).mtimeMs < started;
      });
      if (notReemitted.length > 0) tsc(root, ["--force", ...projectsOf(projects, notReemitted)]);
      return {};
    },
    quick: async ({ root, files, previous }) => {
      const everything = configHash(projects, files) !== configHash(projects, previous?.files);
      const stale = Object.keys(files).filter((file) => {
        const dir = projects.find((project) => isCompiledSource(project, file));
        if (!dir) return false;
        return (
          everything ||
          previous?.files?.[file] !== files[file] ||
          !existsSync(path.join(root, outputOf(dir, file)))
        );
      });
      if (stale.length > 0)
        await transpile(
          root,
          projectsOf(projects, stale).map((dir) => ({
            dir,
            files: stale.filter((file) => isCompiledSource(dir, file)),
          })),
        );
      return { transpiled: [...new Set([...(previous?.transpiled ?? []), ...stale])].sort() };
    },
  };
}

/**
 * The web app: type check, vite and brotli at its best (typed), or vite with quick compression whose
 * brotli copies a background process then rewrites at the best quality (quick).
 */
export function webPart() {
  return {
    name: "web app",
    key: "web",
    // the web bundles the packages' compiled output, so their inputs count too
    inputs: [...SHARED, "apps/web", ...PACKAGES],
    output: "apps/web/dist/index.html",
    typed: ({ root }) => run("npm", ["run", "build", "-w", "@modelhub/web", "--if-present"], { cwd: root }),
    quick: ({ root }) => {
      const web = path.join(root, "apps/web");
      const vite = path.dirname(createRequire(path.join(web, "package.json")).resolve("vite/package.json"));
      run(process.execPath, [path.join(vite, "bin/vite.js"), "build", "--logLevel", "warn"], {
        cwd: web,
        env: { ...process.env, MODELHUB_PRECOMPRESS: "quick" },
      });
      const recompress = spawn(
        process.execPath,
        [path.join(root, "scripts/build/recompress.mjs"), path.join(web, "dist")],
        { detached: true, stdio: "ignore" },
      );
      recompress.unref();
      try {
        if (recompress.pid !== undefined) setPriority(recompress.pid, 19);
      } catch {
        // already finished
      }
    },
  };
}

export const hubParts = () => [
  typeScriptPart({ projects: [...PACKAGES, "apps/server"], output: "apps/server/dist/cli/main.js" }),
  webPart(),
];
