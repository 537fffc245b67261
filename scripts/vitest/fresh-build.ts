import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const SCRIPT = fileURLToPath(new URL("../build-if-changed.mjs", import.meta.url));

/**
 * Global setup: brings the build up to date before any file runs, since the tests that start the hub
 * as a process (the CLI, maintenance, mirror, replicas and browser suites) run the built
 * `apps/server/dist` and `apps/web/dist`. After `npm run build` (what `npm test` does first) this is
 * the input check alone (a fraction of a second); after an edit, the quick build `npm start` uses.
 * MODELHUB_TEST_BUILD=0 skips it.
 */
export default function freshBuild(): void {
  if (process.env.MODELHUB_TEST_BUILD === "0") return;
  const result = spawnSync(process.execPath, [SCRIPT], {
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
  });
  // "up to date" lines are noise in a test run; a build that ran says so
  const built = result.stdout.split("\n").filter((line) => line && !line.includes("up to date"));
  if (built.length > 0) process.stdout.write(`${built.join("\n")}\n`);
  if (result.status !== 0) throw new Error(`the build failed (exit ${result.status}): see above`);
}
