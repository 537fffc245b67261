#!/usr/bin/env node
// Times the hub's rolling-count refresh (Repos.refreshRollingCounts) on the generated databases and the
// longest stretch it keeps the event loop busy (what a request arriving meanwhile would wait).
// node apps/server/bench/scale/refresh-timing.mjs   (PostgreSQL too when DATABASE_URL is set)
import path from "node:path";
import { sql } from "kysely";
import { openHubDatabase } from "../../dist/compose/open-hub-database.js";
import { Repos } from "../../dist/platform/repos.js";
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

/** Wall time of `run` and the longest gap between 1 ms ticks meanwhile (the event loop held). */
async function timed(run) {
  let last = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  await new Promise((resolve) => setTimeout(resolve, 20));
  last = performance.now();
  const started = last;
  await run();
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(ticker);
  return { seconds, maxBlockMs: longest };
}

console.log("| database | refresh | wall time | longest event-loop block |\n|---|---|---:|---:|");
for (const target of targets) {
  const hub = await openHubDatabase(target);
  try {
    const repos = new Repos(hub.db);
    // nothing changed since the last refresh: aggregate, compare, write nothing
    const idle = await timed(() => repos.refreshRollingCounts());
    // every trending score off: the whole catalogue is rewritten
    await sql`UPDATE repos SET trending_score = trending_score + 1`.execute(hub.db);
    const everyRow = await timed(() => repos.refreshRollingCounts());
    for (const [name, r] of [
      ["nothing changed", idle],
      ["every row changed", everyRow],
    ])
      console.log(
        `| ${target.dialect} | ${name} | ${r.seconds.toFixed(2)} s | ${r.maxBlockMs.toFixed(0)} ms |`,
      );
  } finally {
    await hub.close();
  }
}
