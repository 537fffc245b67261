#!/usr/bin/env node
// Times the hub's rolling-count refresh (Repos.refreshRollingCounts) on the generated databases and the
// longest stretch it keeps the event loop busy (what a request arriving meanwhile would wait).
// node apps/server/bench/scale/refresh-timing.mjs   (PostgreSQL too when DATABASE_URL is set)
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { sql } from "kysely";
import { openDatabase } from "../../dist/db/open-database.js";
import { Repos } from "/tmp/h6base/apps/server/dist/platform/repos.js";
import { DEFAULT_SCALE_DIR } from "./generate.mjs";
import { benchDatabaseUrl } from "./load.mjs";

const targets = [{ dialect: "sqlite", dataDir: path.join(DEFAULT_SCALE_DIR, "sqlite") }];
if (process.env.DATABASE_URL) {
  targets.push({
    dialect: "postgres",
    dataDir: path.join(DEFAULT_SCALE_DIR, "postgres"),
    databaseUrl: await benchDatabaseUrl(process.env.DATABASE_URL),
  });
}

async function timed(run) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  delay.disable();
  return { seconds, maxBlockMs: delay.max / 1e6 };
}

console.log("| database | refresh | wall time | longest event-loop block |\n|---|---|---:|---:|");
for (const target of targets) {
  const hub = await openDatabase(target);
  try {
    const repos = new Repos(hub.db);
    // nothing changed since the last refresh: aggregate, compare, write nothing
    const idle = await timed(() => repos.refreshRollingCounts());
    // every trending score off: the whole catalogue is rewritten
    await sql`UPDATE repos SET trending_score = trending_score + 1`.execute(hub.db);
    const everyRow = await timed(() => repos.refreshRollingCounts());
    for (const [name, r] of [["nothing changed", idle], ["every row changed", everyRow]])
      console.log(
        `| ${target.dialect} | ${name} | ${r.seconds.toFixed(2)} s | ${r.maxBlockMs.toFixed(0)} ms |`,
      );
  } finally {
    await hub.close();
  }
}
