#!/usr/bin/env node
// Webhooks (`npm run bench -- webhooks`): a real hub process and a receiver on loopback.
//   - what a watched repo's write costs: API commits to a repo no webhook watches vs one a webhook
//     watches, interleaved (p50/p99 of the commit request; the difference is the observer: refs and
//     discussions read before and after, the delivery row written before the answer),
//   - commit answered → payload received at the receiver (p50/p99),
//   - queue drain: WEBHOOK_BENCH_BURST replays queued at once, delivered at the default concurrency (4).
// Environment: WEBHOOK_BENCH_COMMITS (60 per repo), WEBHOOK_BENCH_BURST (300).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startHubProcess } from "../hub-process.mjs";

const COMMITS = Math.max(10, Math.min(500, Number(process.env.WEBHOOK_BENCH_COMMITS ?? 60)));
const BURST = Math.max(10, Math.min(5000, Number(process.env.WEBHOOK_BENCH_BURST ?? 300)));

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (v) => `${v.toFixed(1)} ms`;

const arrivals = new Map();
let received = 0;
/** While set, answers wait for it (the burst is queued first, then the queue drains). */
let gate;
const receiver = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", async () => {
    if (gate) await gate.promise;
    received++;
    const sha = JSON.parse(Buffer.concat(chunks).toString("utf8")).repo?.headSha;
    if (sha && !arrivals.has(sha)) arrivals.set(sha, performance.now());
    res.writeHead(200).end("ok");
  });
});
await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const port = receiver.address().port;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-webhook-bench-"));
const hub = await startHubProcess(dataDir, { MODELHUB_WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${port}` });
const auth = { Authorization: `Bearer ${hub.token}` };
const post = async (url, body, method = "POST") => {
  const res = await fetch(`${hub.url}${url}`, {
    method,
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
};
const commit = async (repo, i) => {
  const started = performance.now();
  const res = await fetch(`${hub.url}/api/models/${repo}/commit/main`, {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/x-ndjson" },
    body: [
      JSON.stringify({ key: "header", value: { summary: `c${i}`, description: "" } }),
      JSON.stringify({
        key: "file",
        value: { path: "n.txt", content: Buffer.from(String(i)).toString("base64"), encoding: "base64" },
      }),
    ].join("\n"),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`commit: ${res.status}`);
  return { ms: performance.now() - started, at: performance.now(), sha: body.commitOid };
};

try {
  await post("/api/repos/create", { name: "plain", type: "model" });
  await post("/api/repos/create", { name: "watched", type: "model" });
  const { webhook } = await post("/api/settings/webhooks", {
    url: `http://127.0.0.1:${port}/in`,
    watched: [{ type: "model", name: "bench/watched" }],
    domains: ["repo"],
  });
  // warm-up
  for (let i = 0; i < 5; i++) {
    await commit("bench/plain", -i - 1);
    await commit("bench/watched", -i - 1);
  }
  const plain = [];
  const watched = [];
  const sent = [];
  for (let i = 0; i < COMMITS; i++) {
    plain.push((await commit("bench/plain", i)).ms);
    const w = await commit("bench/watched", i);
    watched.push(w.ms);
    sent.push(w);
  }
  const until = Date.now() + 30_000;
  while (sent.some((s) => !arrivals.has(s.sha)) && Date.now() < until)
    await new Promise((r) => setTimeout(r, 20));
  const latency = sent.filter((s) => arrivals.has(s.sha)).map((s) => arrivals.get(s.sha) - s.at);

  const log = await (
    await fetch(`${hub.url}/api/settings/webhooks/${webhook.id}/deliveries`, { headers: auth })
  ).json();
  const source = log.deliveries[0].id;
  const before = received;
  let open;
  gate = { promise: new Promise((resolve) => (open = resolve)) };
  const queuedAt = performance.now();
  for (let i = 0; i < BURST; i += 25)
    await Promise.all(
      Array.from({ length: Math.min(25, BURST - i) }, () =>
        post(`/api/settings/webhooks/${webhook.id}/deliveries/${source}/replay`, {}),
      ),
    );
  const queuedMs = performance.now() - queuedAt;
  const releasedAt = performance.now();
  gate = undefined;
  open();
  const drainUntil = Date.now() + 120_000;
  while (received - before < BURST && Date.now() < drainUntil) await new Promise((r) => setTimeout(r, 20));
  const drainMs = performance.now() - releasedAt;

  console.log(`| what | figure |`);
  console.log(`|---|---|`);
  console.log(
    `| API commit, repo not watched / watched (${COMMITS} each, interleaved) | p50 ${ms(pct(plain, 50))} / ${ms(pct(watched, 50))}, p99 ${ms(pct(plain, 99))} / ${ms(pct(watched, 99))} |`,
  );
  console.log(
    `| commit answered → payload at the receiver | p50 ${ms(pct(latency, 50))}, p99 ${ms(pct(latency, 99))} (${latency.length}/${sent.length} arrived) |`,
  );
  console.log(
    `| ${BURST} replays queued (in ${ms(queuedMs)}, receiver held), then drained in | ${ms(drainMs)}: ${((received - before) / (drainMs / 1000)).toFixed(0)} deliveries/s at concurrency 4 |`,
  );
  console.log(`| hub RSS after | ${hub.rssMiB().toFixed(0)} MiB |`);
  console.log(
    `(load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")})`,
  );
} finally {
  await hub.stop();
  receiver.closeAllConnections();
  receiver.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
