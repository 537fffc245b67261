#!/usr/bin/env node
// Times the first start of a hub with seeding on (the demo catalogue import) in a temp data folder,
// then an idempotent second import, then checks a sample of the repos with `git fsck --strict`.
// After `npm run build`:            node apps/server/bench/seed-import.mjs
// Straight from the TypeScript:     node --import tsx apps/server/bench/seed-import.mjs --src
// Options: --fsck N (repos to check, default 5), --keep (keep the data folder). DATABASE_URL → PostgreSQL.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { sql } from "kysely";
import { pino } from "pino";

const fromSource = process.argv.includes("--src");
const keep = process.argv.includes("--keep");
const fsckIndex = process.argv.indexOf("--fsck");
const fsckCount = fsckIndex > 0 ? Number(process.argv[fsckIndex + 1]) : 5;
const root = fromSource ? "../src" : "../dist";
const load = (file) => import(new URL(`${root}/${file}${fromSource ? ".ts" : ".js"}`, import.meta.url).href);

const { resolveConfig } = await load("config/config");
const { startHub } = await load("server");
const { importCatalogue } = await load("seed/import-catalogue");
const { loadCatalogue } = await load("seed/load-catalogue");

// The hub logs the import result ({ repos, skipped, ms }); keep those lines, drop the rest.
const imports = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (line.includes("demo catalogue imported")) imports.push(JSON.parse(line));
    }
    done();
  },
});
const logger = pino({ level: "info" }, sink);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-seed-bench-"));
const env = { MODELHUB_SEED: "1", MODELHUB_WEB_DIR: path.join(dataDir, "none") };
if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
const config = resolveConfig({ port: "0", host: "127.0.0.1", data: dataDir }, env);
const schema = process.env.DATABASE_URL ? `mh_seed_bench_${process.pid}` : undefined;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

const { catalogue, source } = await loadCatalogue();
const files = catalogue.repos.reduce((sum, repo) => sum + repo.files.length, 0);
console.log(`catalogue: ${source}, ${catalogue.repos.length} repos, ${files} files`);

const cpuBefore = process.cpuUsage();
const started = performance.now();
const hub = await startHub(config, { logger, databaseSchema: schema });
const startMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
try {
  const result = imports[0];
  if (!result) throw new Error("the hub did not import the catalogue on its first start");
  console.log(
    `first start:   ${seconds(startMs)} (import ${seconds(result.ms)}: ${result.repos} imported, ${result.skipped} skipped)`,
  );
  console.log(
    `               this process used ${seconds(cpu.user / 1000)} user + ${seconds(cpu.system / 1000)} system CPU; ` +
      `load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
  );

  const again = await importCatalogue({ services: hub.services, content: hub.content, logger }, catalogue);
  console.log(`second import: ${seconds(again.ms)} (${again.repos} imported, ${again.skipped} skipped)`);

  const step = Math.max(1, Math.floor(catalogue.repos.length / Math.max(1, fsckCount)));
  const sample = catalogue.repos.filter((_, i) => i % step === 0).slice(0, fsckCount);
  for (const repo of sample) {
    const [owner, name] = repo.id.split("/");
    const dir = path.join(dataDir, "repos", `${repo.type}s`, owner, `${name}.git`);
    execFileSync("git", [`--git-dir=${dir}`, "fsck", "--strict", "--no-progress"], { stdio: "pipe" });
  }
  if (sample.length > 0) console.log(`git fsck --strict: clean on ${sample.length} repos`);
} finally {
  if (schema) await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(hub.services.hub.db);
  await hub.close();
  if (keep) console.log(`data kept in ${dataDir}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}
