#!/usr/bin/env node
// Audit log at scale (`npm run bench -- audit`): AUDIT_BENCH_EVENTS (1,000,000) events with a valid
// hash chain are written straight into a fresh database (SQLite; PostgreSQL too when DATABASE_URL is
// set), then a real hub process answers filtered pages of `GET /api/admin/audit-log` and
// `GET /api/organizations/{org}/audit-log` over HTTP: median and p95 of AUDIT_BENCH_ROUNDS (15) rounds
// per query (the goal: a filtered page in < 200 ms). Also measured: one append through the recording
// path (its transaction and the head lock), `audit verify` over the whole chain, and loading time.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { startHubProcess } from "../hub-process.mjs";

const dist = (file) => new URL(`../../dist/${file}`, import.meta.url).href;
const { openHubDatabase } = await import(dist("compose/open-hub-database.js"));
const { dropPostgresSchema } = await import(dist("db/open-database.js"));
const { eventHash, headMac, GENESIS_HASH } = await import(dist("audit/chain.js"));
const { auditSecretOf } = await import(dist("audit/secret.js"));
const { AUDIT_EVENT_TYPES } = await import(dist("audit/catalogue.js"));
const { recordAuditEvent } = await import(dist("audit/record.js"));
const { verifyAuditChain } = await import(dist("audit/verify.js"));
const { Accounts } = await import(dist("platform/accounts.js"));
const { auditPage, parseAuditQuery } = await import(dist("audit/query.js"));

const EVENTS = Math.max(10_000, Number(process.env.AUDIT_BENCH_EVENTS ?? 1_000_000));
const ROUNDS = Math.max(3, Number(process.env.AUDIT_BENCH_ROUNDS ?? 15));
const ADMIN = `hf_${"B".repeat(34)}`;
const DAY_MS = 86_400_000;
const USERS = 5000;
const ORGS = 500;
const IPS = 10_000;

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** A deterministic spread: a few types are most of the log (sign-ins, repo settings), the rest are rare. */
function typeOf(i) {
  const common = ["user.login", "token.first_use", "repo.update_settings", "repo.create", "org.add_user"];
  if (i % 10 < 7) return common[i % common.length];
  return AUDIT_EVENT_TYPES[(i * 7919) % AUDIT_EVENT_TYPES.length];
}

async function load(db, dialect) {
  const key = auditSecretOf(db);
  const start = Date.now() - 365 * DAY_MS;
  const step = (365 * DAY_MS) / EVENTS;
  let prev = GENESIS_HASH;
  let last;
  const batchSize = dialect === "sqlite" ? 500 : 1000;
  const began = performance.now();
  for (let from = 1; from <= EVENTS;) {
    await db.transaction().execute(async (trx) => {
      for (let b = 0; b < 20 && from <= EVENTS; b++) {
        const rows = [];
        for (let i = from; i < from + batchSize && i <= EVENTS; i++) {
          const user = i % USERS;
          const token = i % 3 !== 0;
          const row = {
            seq: i,
            id: randomBytes(12).toString("hex"),
            created_at: new Date(start + i * step).toISOString(),
            type: typeOf(i),
            namespace: i % 4 === 0 ? `user${user}` : `org${i % ORGS}`,
            author_id: `u${user}`,
            author_name: `user${user}`,
            author_type: "user",
            token_id: token ? `t${user}` : null,
            token_type: token ? "access_token" : null,
            token_role: token ? "write" : null,
            token_last4: token ? "abcd" : null,
            ip: `10.${(i % IPS) >> 8}.${i % 256}.${(i * 31) % 256}`,
            user_agent: "huggingface_hub/1.28.0; python/3.12",
            message: `event ${i}`,
            data: JSON.stringify({ repo: { type: "model", id: `org${i % ORGS}/m${i % 997}` }, n: i }),
            prev_hash: prev,
          };
          row.hash = eventHash(row);
          prev = row.hash;
          last = row;
          rows.push(row);
        }
        await trx.insertInto("audit_events").values(rows).execute();
        from += rows.length;
      }
    });
    if (from % 100_000 < batchSize * 20)
      process.stderr.write(`\r  loaded ${Math.min(from - 1, EVENTS)} events`);
  }
  process.stderr.write("\n");
  await db
    .updateTable("audit_chain")
    .set({
      seq: last.seq,
      hash: last.hash,
      created_at: last.created_at,
      mac: headMac(key, { seq: last.seq, hash: last.hash, created_at: last.created_at }),
    })
    .where("id", "=", 1)
    .execute();
  await sql`ANALYZE`.execute(db);
  return (performance.now() - began) / 1000;
}

/** What the pages ask: a name, the `q`, the org (its route) or none (the admin route), a cursor. */
function queries() {
  const lastMonth = new Date(Date.now() - 30 * DAY_MS).toISOString().slice(0, 10);
  const midYear = new Date(Date.now() - 180 * DAY_MS).toISOString().slice(0, 10);
  const weekAfter = new Date(Date.now() - 173 * DAY_MS).toISOString().slice(0, 10);
  const middle = String(Math.floor(EVENTS / 2));
  return [
    { name: "first page, no filter", q: "" },
    { name: "type (common)", q: "type:user.login" },
    { name: "type (rare)", q: "type:admin.restore" },
    { name: "type scope (repo.*)", q: "type:repo.*" },
    { name: "author", q: "author:user1234" },
    { name: "ip", q: "ip:10.3.7.217" },
    { name: "date range (a week, 6 months ago)", q: `created:${midYear}..${weekAfter}` },
    { name: "type + author (none match)", q: "type:repo.create author:user42" },
    { name: "type + author", q: "type:user.login author:user40" },
    { name: "type + last 30 days", q: `type:org.add_user created:>=${lastMonth}` },
    { name: "a page half-way down, no filter", q: "", cursor: middle },
    { name: "org page", q: "", org: "org7" },
    { name: "org page + type", q: "type:repo.update_settings", org: "org7" },
    { name: "org page + author", q: "author:user7", org: "org7" },
    { name: "org page + date range", q: `created:${midYear}..${weekAfter}`, org: "org7" },
  ];
}

async function measure(run) {
  const times = [];
  let count = 0;
  for (let round = 0; round < ROUNDS + 1; round++) {
    const began = performance.now();
    count = await run();
    if (round > 0) times.push(performance.now() - began);
  }
  return { count, p50: pct(times, 50), p95: pct(times, 95) };
}

/** The database's part: the page query in this process (parse, date bounds, one indexed walk). */
async function timeDatabase(db) {
  const results = new Map();
  for (const query of queries()) {
    const filter = parseAuditQuery(query.q);
    if (query.org) filter.namespaces = [query.org];
    const before = query.cursor === undefined ? undefined : Number(query.cursor);
    results.set(
      query.name,
      await measure(async () => (await auditPage(db, filter, { before, limit: 50 })).rows.length),
    );
  }
  return results;
}

/** The whole answer over HTTP from the hub process (auth, query, JSON). */
async function timeHttp(url) {
  const results = new Map();
  for (const query of queries()) {
    const params = new URLSearchParams();
    if (query.q) params.set("q", query.q);
    if (query.cursor) params.set("cursor", query.cursor);
    const route = `${query.org ? `/api/organizations/${query.org}/audit-log` : "/api/admin/audit-log"}?${params}`;
    results.set(
      query.name,
      await measure(async () => {
        const response = await fetch(`${url}${route}`, { headers: { Authorization: `Bearer ${ADMIN}` } });
        const body = await response.json();
        if (!response.ok) throw new Error(`${route}: ${response.status} ${JSON.stringify(body)}`);
        return body.events.length;
      }),
    );
  }
  return results;
}

function printTable(label, database, http) {
  console.log(
    `\n${label}: ${EVENTS.toLocaleString("en")} events, ${ROUNDS} rounds per query (load ${os.loadavg()[0].toFixed(1)})`,
  );
  console.log("| query | events on the page | database p50 / p95 | HTTP p50 / p95 |");
  console.log("|---|---|---|---|");
  for (const { name } of queries()) {
    const d = database.get(name);
    const h = http.get(name);
    console.log(
      `| ${name} | ${h.count} | ${d.p50.toFixed(1)} / ${d.p95.toFixed(1)} ms | ${h.p50.toFixed(1)} / ${h.p95.toFixed(1)} ms |`,
    );
  }
}

async function runDialect(dialect) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-audit-bench-"));
  const databaseUrl = dialect === "postgres" ? process.env.DATABASE_URL : undefined;
  const schema = databaseUrl ? `mh_bench_audit_${randomBytes(4).toString("hex")}` : undefined;
  try {
    const db = await openHubDatabase({ dataDir, databaseUrl, schema });
    const seconds = await load(db.db, dialect);
    // the org whose page is read (org admins' route; the site admin reads any org's)
    await new Accounts(db.db).createOrg({ name: "org7" }, { audit: false });
    console.log(
      `${dialect}: loaded ${EVENTS.toLocaleString("en")} chained events in ${seconds.toFixed(1)} s`,
    );
    const appends = [];
    for (let i = 0; i < 50; i++) {
      const began = performance.now();
      await recordAuditEvent(db.db, {
        type: "repo.create",
        namespace: "org1",
        data: { repo: { id: `x/${i}` } },
      });
      appends.push(performance.now() - began);
    }
    console.log(
      `${dialect}: one append (its own transaction, head lock): p50 ${pct(appends, 50).toFixed(2)} ms, p95 ${pct(appends, 95).toFixed(2)} ms`,
    );
    const verifyStart = performance.now();
    const report = await verifyAuditChain(db.db, auditSecretOf(db.db));
    console.log(
      `${dialect}: verify of ${report.checked.toLocaleString("en")} events: ${((performance.now() - verifyStart) / 1000).toFixed(1)} s (${report.ok ? "intact" : report.problem?.message})`,
    );
    const database = await timeDatabase(db.db);
    await db.close();
    const env = { MODELHUB_ADMIN_TOKEN: ADMIN };
    if (databaseUrl) Object.assign(env, { DATABASE_URL: databaseUrl, MODELHUB_DATABASE_SCHEMA: schema });
    const hub = await startHubProcess(dataDir, env, { writeToken: false });
    try {
      printTable(dialect === "sqlite" ? "SQLite" : "PostgreSQL", database, await timeHttp(hub.url));
    } finally {
      await hub.stop();
    }
  } finally {
    if (schema && databaseUrl) await dropPostgresSchema(databaseUrl, schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `load average ${os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(" / ")}`,
);
await runDialect("sqlite");
if (process.env.DATABASE_URL) await runDialect("postgres");
