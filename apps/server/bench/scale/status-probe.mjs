#!/usr/bin/env node
// Fires N concurrent GETs at one path on the generated catalogue and counts the statuses (error diagnosis).
// node apps/server/bench/scale/status-probe.mjs [--postgres] /path [concurrency] [rounds]
import path from "node:path";
import { benchDatabaseUrl } from "./load.mjs";
import { DEFAULT_SCALE_DIR } from "./generate.mjs";
import { startPreparedHub, waitForStartupRefresh } from "./prepared-hub.mjs";

const postgres = process.argv.includes("--postgres");
const [target, concurrency = "20", rounds = "20"] = process.argv.slice(2).filter((a) => a !== "--postgres");
const db = postgres
  ? {
      dataDir: path.join(DEFAULT_SCALE_DIR, "postgres"),
      databaseUrl: await benchDatabaseUrl(
        process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
      ),
    }
  : { dataDir: path.join(DEFAULT_SCALE_DIR, "sqlite") };
const hub = await startPreparedHub(db);
await waitForStartupRefresh(db, hub.pid);
const statuses = new Map();
try {
  for (let r = 0; r < Number(rounds); r++) {
    await Promise.all(
      Array.from({ length: Number(concurrency) }, async () => {
        const res = await fetch(hub.url + target);
        const body = await res.text();
        const key = `${res.status}${res.ok ? "" : ` ${body.slice(0, 160)}`}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }),
    );
  }
  console.log(Object.fromEntries(statuses));
  console.log(hub.output().slice(-1500));
} finally {
  await hub.stop();
}
