// The figures `npm run bench` prints together at the end, each beside its baseline: a bench calls
// `summary({ [bench]: { [figure]: { value, baseline?, baselineLabel?, unit?, goal? } } })` once it has
// measured; scripts/bench.mjs hands every bench the same file (BENCH_SUMMARY_FILE) and prints the table.
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import os from "node:os";

/** Records figures of this bench run (a no-op when the bench runs on its own). */
export function summary(figures) {
  const file = process.env.BENCH_SUMMARY_FILE;
  if (!file) return;
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  for (const [bench, entries] of Object.entries(figures))
    for (const [figure, entry] of Object.entries(entries))
      appendFileSync(file, `${JSON.stringify({ bench, figure, load, ...entry })}\n`);
}

const num = (v) =>
  typeof v !== "number" || !Number.isFinite(v) ? "-" : Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2);

/** The recorded figures as a Markdown table (what the README's benchmark table takes). */
export function summaryTable(file) {
  if (!existsSync(file)) return "";
  const rows = readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  if (rows.length === 0) return "";
  const lines = ["| bench | figure | value | baseline | goal | load |", "|---|---|---|---|---|---|"];
  for (const r of rows) {
    const baseline =
      r.baseline === undefined ? "" : `${num(r.baseline)}${r.baselineLabel ? ` (${r.baselineLabel})` : ""}`;
    lines.push(`| ${r.bench} | ${r.figure} | ${num(r.value)} | ${baseline} | ${r.goal ?? ""} | ${r.load} |`);
  }
  return lines.join("\n");
}
