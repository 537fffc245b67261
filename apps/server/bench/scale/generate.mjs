#!/usr/bin/env node
// Generates the synthetic catalogue into SQLite (and PostgreSQL when DATABASE_URL is set) and prints load times.
// Usage (after `npx tsc -b apps/server`): node apps/server/bench/scale/generate.mjs [--count 100000] [--data DIR]
import os from "node:os";
import path from "node:path";
import { benchDatabaseUrl, loadCatalogue } from "./load.mjs";

export const DEFAULT_SCALE_DIR = path.join(os.tmpdir(), "modelhub-scale");

export function argValue(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

/** Loads every configured database; returns [{dialect, dataDir, databaseUrl, seconds, models}]. */
export async function generateAll({ count, scaleDir, log = console.log }) {
  const targets = [{ dialect: "sqlite", dataDir: path.join(scaleDir, "sqlite"), databaseUrl: undefined }];
  if (process.env.DATABASE_URL) {
    targets.push({
      dialect: "postgres",
      dataDir: path.join(scaleDir, "postgres"),
      databaseUrl: await benchDatabaseUrl(process.env.DATABASE_URL),
    });
  }
  const results = [];
  for (const target of targets) {
    log(`loading ${count} models into ${target.dialect} …`);
    const started = performance.now();
    const result = await loadCatalogue({
      dataDir: target.dataDir,
      databaseUrl: target.databaseUrl,
      count,
      log,
    });
    const seconds = (performance.now() - started) / 1000;
    log(
      `${target.dialect}: ${result.models} models, ${result.owners} owners in ${seconds.toFixed(1)} s (${result.location})`,
    );
    results.push({
      ...target,
      seconds,
      models: result.models,
      owners: result.owners,
      timings: result.timings,
    });
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(argValue("count", "100000"));
  const scaleDir = path.resolve(argValue("data", DEFAULT_SCALE_DIR));
  const results = await generateAll({ count, scaleDir });
  console.log("\n| database | models | owners | load time |\n|---|---:|---:|---:|");
  for (const r of results)
    console.log(`| ${r.dialect} | ${r.models} | ${r.owners} | ${r.seconds.toFixed(1)} s |`);
}
