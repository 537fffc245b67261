// The dataset viewer: Parquet conversion throughput per source format (rows/s, MB/s of the source
// files, the hub's peak RSS while converting), then p50/p99 of /rows at random offsets, /search and
// /filter on a 2,000,000-row split, and the search scan before/after the search side-file (the same
// random terms, on the hub's own files: every string column lower-cased vs the side-file's one column). The hub runs as its own process (SQLite in a temp folder);
// the data is generated here with DuckDB and uploaded with @huggingface/hub.
//
//   npx tsc -b apps/server && node apps/server/bench/datasets/viewer-bench.mjs
//   VIEWER_BENCH_CONVERT_ROWS=500000  VIEWER_BENCH_BIG_ROWS=2000000  VIEWER_BENCH_SAMPLES=40
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { uploadFiles } from "@huggingface/hub";
import { memoryOf, sampleRss } from "../hub-process.mjs";
import { createWriteToken, startPreparedHub } from "../scale/prepared-hub.mjs";

const CONVERT_ROWS = Number(process.env.VIEWER_BENCH_CONVERT_ROWS ?? 500_000);
const BIG_ROWS = Number(process.env.VIEWER_BENCH_BIG_ROWS ?? 2_000_000);
const SAMPLES = Number(process.env.VIEWER_BENCH_SAMPLES ?? 40);
const BUDGET_S = Number(process.env.VIEWER_BENCH_BUDGET_S ?? 420);
const OWNER = "bench";

const budget = setTimeout(() => {
  console.error(`viewer-bench: over the ${BUDGET_S} s budget, stopping`);
  process.exit(2);
}, BUDGET_S * 1000);
budget.unref();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-viewer-bench-"));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-viewer-data-"));
const target = { dataDir };
const hub = await startPreparedHub(target);
const token = createWriteToken(target, OWNER);
const auth = { Authorization: `Bearer ${token}` };

const duck = await DuckDBInstance.create(":memory:", { threads: "2" });
const connection = await duck.connect();
const rowsSql = (rows) =>
  `SELECT i AS id, 'review ' || i::VARCHAR || ' of product ' || (i % 997)::VARCHAR AS text, (i % 5)::INTEGER AS label, round(random(), 4) AS score FROM range(${rows}) t(i)`;
const FORMATS = {
  csv: { file: "train.csv", copy: "FORMAT csv, HEADER" },
  jsonl: { file: "train.jsonl", copy: "FORMAT json" },
  parquet: { file: "train.parquet", copy: "FORMAT parquet" },
  "csv.gz": { file: "train.csv.gz", copy: "FORMAT csv, HEADER, COMPRESSION gzip" },
};

async function makeFile(name, rows, copy) {
  const file = path.join(scratch, name);
  await connection.run(`COPY (${rowsSql(rows)}) TO '${file}' (${copy})`);
  return file;
}

async function createDataset(name) {
  const res = await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify({ name, organization: OWNER, type: "dataset" }),
  });
  if (!res.ok) throw new Error(`create ${name}: ${res.status} ${await res.text()}`);
  return `${OWNER}/${name}`;
}

async function status(id) {
  const res = await fetch(`${hub.url}/datasets-server/status?dataset=${id}`, { headers: auth });
  return res.json();
}

/** Uploads one file and waits until the hub converted that commit; wall time from the commit on. */
async function uploadAndConvert(id, file, repoPath) {
  await uploadFiles({
    repo: { type: "dataset", name: id },
    hubUrl: hub.url,
    accessToken: token,
    files: [{ path: repoPath, content: new Blob([fs.readFileSync(file)]) }],
  });
  const started = performance.now();
  const peak = sampleRss(hub.pid);
  for (let i = 0; i < 6000; i++) {
    const s = await status(id);
    if (s.state === "done" || s.state === "failed") {
      const seconds = (performance.now() - started) / 1000;
      return { seconds, peakRss: peak(), state: s.state, error: s.error };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`conversion of ${id} did not finish`);
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function timed(url) {
  const started = performance.now();
  const res = await fetch(`${hub.url}${url}`, { headers: auth });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return performance.now() - started;
}

/**
 * The search's matching-rows query before (a scan of the split's string columns, lower-cased per
 * row) and after (the side-file's one pre-lowered column), alternated on the same random terms.
 */
async function compareSearchScans(parquetRevision) {
  const folder = path.join(
    dataDir,
    "dataset-viewer",
    "parquet",
    OWNER,
    "big",
    parquetRevision,
    "default",
    "train",
  );
  const shards = fs.readdirSync(folder).filter((name) => /^\d{4}\.parquet$/.test(name));
  const list = `[${shards.map((name) => `'${path.join(folder, name)}'`).join(", ")}]`;
  const side = path.join(folder, "search.parquet");
  const sql = {
    before: (term) =>
      `SELECT file_row_number AS i, count(*) OVER () AS n FROM read_parquet(${list}, file_row_number = true) WHERE contains(lower("text"), '${term}') ORDER BY i LIMIT 100`,
    after: (term) =>
      `SELECT count(*) AS n, min(file_row_number, 100) AS ids FROM read_parquet('${side}', file_row_number = true) WHERE contains(t, '${term}')`,
  };
  const times = { before: [], after: [] };
  for (let i = 0; i < SAMPLES; i++) {
    const term = `review ${Math.floor(Math.random() * 99_999)} `;
    for (const kind of ["before", "after"]) {
      const started = performance.now();
      await connection.runAndReadAll(sql[kind](term));
      times[kind].push(performance.now() - started);
    }
  }
  const sizes = {
    before: shards.reduce((sum, name) => sum + fs.statSync(path.join(folder, name)).size, 0),
    after: fs.statSync(side).size,
  };
  console.log(`\n| search scan, same run (bench's DuckDB, 2 threads) | p50 ms | p99 ms | file MB |`);
  console.log("|---|---:|---:|---:|");
  for (const kind of ["before", "after"])
    console.log(
      `| ${kind === "before" ? "before: lower() of every string column" : "after: search side-file"} | ${percentile(times[kind], 50).toFixed(0)} | ${percentile(times[kind], 99).toFixed(0)} | ${mb(sizes[kind]).toFixed(1)} |`,
    );
}

const mb = (bytes) => bytes / 1024 / 1024;
console.log(`hub RSS before: ${mb(memoryOf(hub.pid).rss).toFixed(0)} MB`);
console.log(`\nconversion of ${CONVERT_ROWS.toLocaleString("en")} rows (id, text, label, score)`);
console.log("| format | source MB | seconds | rows/s | MB/s | hub peak RSS |");
console.log("|---|---:|---:|---:|---:|---:|");
try {
  for (const [format, spec] of Object.entries(FORMATS)) {
    const file = await makeFile(`${format}-${spec.file}`, CONVERT_ROWS, spec.copy);
    const size = fs.statSync(file).size;
    const id = await createDataset(`convert-${format.replace(".", "-")}`);
    const result = await uploadAndConvert(id, file, spec.file);
    if (result.state !== "done") throw new Error(`${format}: ${result.error}`);
    console.log(
      `| ${format} | ${mb(size).toFixed(1)} | ${result.seconds.toFixed(2)} | ${Math.round(CONVERT_ROWS / result.seconds).toLocaleString("en")} | ${(mb(size) / result.seconds).toFixed(1)} | ${mb(result.peakRss).toFixed(0)} MB |`,
    );
  }

  const bigFile = await makeFile("big.parquet", BIG_ROWS, "FORMAT parquet");
  const big = await createDataset("big");
  const converted = await uploadAndConvert(big, bigFile, "train.parquet");
  console.log(
    `\n${BIG_ROWS.toLocaleString("en")}-row split converted in ${converted.seconds.toFixed(1)} s (peak RSS ${mb(converted.peakRss).toFixed(0)} MB)`,
  );
  const base = `dataset=${big}&config=default&split=train`;
  await timed(`/datasets-server/rows?${base}&offset=0`);
  // the side-file is written right after the conversion; the first search waits for it if needed
  console.log(`first /search: ${(await timed(`/datasets-server/search?${base}&query=warm`)).toFixed(0)} ms`);
  const cases = {
    "/rows (random offset)": () =>
      `/datasets-server/rows?${base}&offset=${Math.floor(Math.random() * (BIG_ROWS - 100))}&length=100`,
    "/search (random term)": () =>
      `/datasets-server/search?${base}&query=${encodeURIComponent(`review ${Math.floor(Math.random() * 99_999)} `)}`,
    "/filter (random range, ordered)": () => {
      const low = Math.floor(Math.random() * (BIG_ROWS - 10_000));
      return `/datasets-server/filter?${base}&where=${encodeURIComponent(`label = 2 AND id >= ${low} AND id < ${low + 10000}`)}&orderby=${encodeURIComponent("score DESC")}`;
    },
    "/statistics (first call computes, then cached)": () => `/datasets-server/statistics?${base}`,
  };
  console.log(`\n| query on ${BIG_ROWS.toLocaleString("en")} rows | p50 ms | p99 ms | samples |`);
  console.log("|---|---:|---:|---:|");
  const peak = sampleRss(hub.pid);
  for (const [label, next] of Object.entries(cases)) {
    const times = [];
    const count = label.startsWith("/statistics") ? 5 : SAMPLES;
    for (let i = 0; i < count; i++) times.push(await timed(next()));
    console.log(
      `| ${label} | ${percentile(times, 50).toFixed(0)} | ${percentile(times, 99).toFixed(0)} | ${count} |`,
    );
  }
  await compareSearchScans((await status(big)).parquet_revision);
  console.log(
    `\nhub peak RSS during queries: ${mb(peak()).toFixed(0)} MB; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
  );
} finally {
  connection.closeSync();
  duck.closeSync();
  await hub.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
}
