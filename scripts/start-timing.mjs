#!/usr/bin/env node
// Times `npm start` until the hub answers its first HTTP request, on a fresh data folder.
//   node scripts/start-timing.mjs            a start as it is (second start: nothing changed)
//   node scripts/start-timing.mjs --clean    first start: build outputs and build caches removed first
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DEADLINE_MS = 600_000;

if (process.argv.includes("--clean")) {
  for (const dir of ["packages/api-types", "packages/tasks", "packages/inference", "apps/server"]) {
    rmSync(path.join(root, dir, "dist"), { recursive: true, force: true });
    rmSync(path.join(root, dir, "tsconfig.tsbuildinfo"), { force: true });
  }
  rmSync(path.join(root, "apps/web/dist"), { recursive: true, force: true });
  rmSync(path.join(root, "node_modules/.cache/modelhub"), { recursive: true, force: true });
}

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), "modelhub-start-"));
const started = performance.now();
const child = spawn(
  "npm",
  ["start", "--", "--port", String(port), "--host", "127.0.0.1", "--data", dataDir],
  {
    cwd: root,
    stdio: "ignore",
    detached: true,
  },
);
let answeredAfter;
while (performance.now() - started < DEADLINE_MS) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/`);
    await response.arrayBuffer();
    answeredAfter = performance.now() - started;
    break;
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
process.kill(-child.pid, "SIGTERM");
await new Promise((resolve) => child.once("exit", resolve));
rmSync(dataDir, { recursive: true, force: true });
if (answeredAfter === undefined) throw new Error("the hub did not answer in time");
console.log(`npm start → first answer: ${(answeredAfter / 1000).toFixed(2)} s`);
