#!/usr/bin/env node
// Quick diagnosis: starts the hub on the generated catalogue and runs autocannon on the given paths.
// node apps/server/bench/scale/probe.mjs [--postgres] [--seconds 4] /api/models/x/y "/api/models?search=llama" …
import path from "node:path";
import autocannon from "autocannon";
import { DEFAULT_SCALE_DIR, argValue } from "./generate.mjs";
import { startPreparedHub, waitForStartupRefresh } from "./prepared-hub.mjs";
import { benchDatabaseUrl } from "./load.mjs";

const seconds = Number(argValue("seconds", "4"));
const postgres = process.argv.includes("--postgres");
const paths = process.argv.slice(2).filter((a, i, all) => a.startsWith("/") && all[i - 1] !== "--seconds");
const target = postgres
  ? {
      dataDir: path.join(DEFAULT_SCALE_DIR, "postgres"),
      databaseUrl: await benchDatabaseUrl(
        process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
      ),
    }
  : { dataDir: path.join(DEFAULT_SCALE_DIR, "sqlite") };
const hub = await startPreparedHub(target);
try {
  await waitForStartupRefresh(target, hub.pid);
  for (const p of paths) {
    const r = await autocannon({ url: hub.url + p, connections: 10, duration: seconds });
    console.log(
      `${p}  req/s ${Math.round(r.requests.average)}  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  non2xx ${r.non2xx}`,
    );
  }
} finally {
  await hub.stop();
}
