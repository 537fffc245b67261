import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWithAuditContext, userActor } from "../../src/audit/context.js";
import { headMac } from "../../src/audit/chain.js";
import { recordAuditEvent } from "../../src/audit/record.js";
import { pruneAuditEvents } from "../../src/audit/retention.js";
import { auditSecretOf } from "../../src/audit/secret.js";
import { auditTables, type AuditEventTable } from "../../src/audit/tables.js";
import { verifyAuditChain } from "../../src/audit/verify.js";
import { runCli } from "../../src/cli/run.js";
import { openHubDatabase } from "../../src/compose/open-hub-database.js";
import { dropPostgresSchema, type HubDatabase } from "../../src/db/open-database.js";
import { DIALECTS } from "../platform/helpers/test-hub.js";
import { hubEnv } from "../maintenance/hub-process.js";

const DAY_MS = 86_400_000;
const BUILT_CLI = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

/** The built `modelhub` in a process of its own (built: `npm test` builds first), to its end. */
function runModelhub(args: string[], env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BUILT_CLI, ...args], { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => resolve({ code: code ?? -1, stderr }));
  });
}

describe.each(DIALECTS)("audit chain: verify, retention, commands (%s)", (dialect) => {
  const databaseUrl = dialect === "postgres" ? process.env.DATABASE_URL : undefined;
  const schema = databaseUrl ? `mh_test_audit_${randomBytes(5).toString("hex")}` : undefined;
  let dataDir: string;
  let hub: HubDatabase;
  const previousSchema = process.env.MODELHUB_DATABASE_SCHEMA;

  const table = () => auditTables(hub.db);
  const verify = () => verifyAuditChain(hub.db, auditSecretOf(hub.db));
  const row = (seq: number) =>
    table().selectFrom("audit_events").selectAll().where("seq", "=", seq).executeTakeFirstOrThrow();
  const cli = async (...argv: string[]) => {
    const out: string[] = [];
    const code = await runCli(
      [...argv, "--data", dataDir],
      { MODELHUB_LOG_LEVEL: "silent", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
      { out: (text) => out.push(text), err: (text) => out.push(text) },
    );
    return { code, out: out.join("\n") };
  };
  /** `n` events from `n` requests at once: appends serialise on the chain head. */
  const appendConcurrently = (n: number, from = 0) =>
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        runWithAuditContext(
          {
            actor: userActor(`id${i}`, `user${i % 3}`),
            origin: { ip: `10.0.0.${i % 7}`, userAgent: "test" },
          },
          () =>
            recordAuditEvent(hub.db, {
              type: "repo.create",
              namespace: i % 2 === 0 ? "acme" : "other",
              data: { repo: { type: "model", id: `acme/m${from + i}` } },
            }),
        ),
      ),
    );

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-audit-chain-"));
    if (schema) process.env.MODELHUB_DATABASE_SCHEMA = schema;
    hub = await openHubDatabase({ dataDir, databaseUrl, schema });
  });

  afterAll(async () => {
    await hub?.close();
    if (previousSchema === undefined) delete process.env.MODELHUB_DATABASE_SCHEMA;
    else process.env.MODELHUB_DATABASE_SCHEMA = previousSchema;
    if (schema && databaseUrl) await dropPostgresSchema(databaseUrl, schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("chains concurrent appends without a gap, in time order", async () => {
    expect((await verify()).ok).toBe(true);
    await appendConcurrently(40);
    const rows = await table().selectFrom("audit_events").selectAll().orderBy("seq").execute();
    expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i].prev_hash).toBe(rows[i - 1].hash);
      expect(rows[i].created_at >= rows[i - 1].created_at).toBe(true);
    }
    const report = await verify();
    expect(report).toMatchObject({ ok: true, checked: 40, firstSeq: 1, lastSeq: 40 });
    const ok = await cli("audit", "verify");
    expect(ok.code).toBe(0);
    expect(ok.out).toContain("audit log intact: 40 events, seq 1-40");
  });

  it("chains appends of other processes on the same database (commands beside the hub)", async () => {
    const env = {
      ...hubEnv(dataDir),
      MODELHUB_LOG_LEVEL: "silent",
      ...(databaseUrl && schema ? { DATABASE_URL: databaseUrl, MODELHUB_DATABASE_SCHEMA: schema } : {}),
    };
    const start = Number(
      (await table().selectFrom("audit_chain").select("seq").executeTakeFirstOrThrow()).seq,
    );
    let running = true;
    const commands = Promise.all(
      ["cmd-one", "cmd-two"].map((user) => runModelhub(["token", "create", user, "--write"], env)),
    ).finally(() => (running = false));
    // meanwhile this process appends, in transactions that read before they write, until both are done
    let appended = 0;
    while (running) {
      await hub.db.transaction().execute(async (trx) => {
        await trx.selectFrom("repos").select("id").limit(1).execute();
        await recordAuditEvent(trx, { type: "repo.delete", data: { repo: { id: `here/${appended}` } } });
      });
      appended++;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    for (const command of await commands) expect(command.code, command.stderr).toBe(0);
    // each command: user.create and token.create
    const total = start + appended + 4;
    expect(appended).toBeGreaterThan(0);
    expect(await verify()).toMatchObject({ ok: true, checked: total, lastSeq: total });
    // back to the events the next cases expect (the head is put back by hand)
    await table().deleteFrom("audit_events").where("seq", ">", start).execute();
    const last = await row(start);
    await table()
      .updateTable("audit_chain")
      .set({
        seq: start,
        hash: last.hash,
        created_at: last.created_at,
        mac: headMac(auditSecretOf(hub.db), last),
      })
      .execute();
    expect((await verify()).ok).toBe(true);
  }, 120_000);

  it("reports an altered event and passes again once it is put back", async () => {
    const original = await row(10);
    await table()
      .updateTable("audit_events")
      .set({ data: '{"repo":{"id":"acme/else"}}' })
      .where("seq", "=", 10)
      .execute();
    expect((await verify()).problem).toMatchObject({ kind: "altered", seq: 10, id: original.id });
    const cmd = await cli("audit", "verify");
    expect(cmd.code).toBe(1);
    expect(cmd.out).toContain("altered at seq 10");
    // the author changed instead (a cover-up): caught the same way
    await table()
      .updateTable("audit_events")
      .set({ data: original.data, author_name: "someone" })
      .where("seq", "=", 10)
      .execute();
    expect((await verify()).problem).toMatchObject({ kind: "altered", seq: 10 });
    await table()
      .updateTable("audit_events")
      .set({ author_name: original.author_name })
      .where("seq", "=", 10)
      .execute();
    expect((await verify()).ok).toBe(true);
  });

  it("reports a deleted event", async () => {
    const original = await row(20);
    await table().deleteFrom("audit_events").where("seq", "=", 20).execute();
    expect((await verify()).problem).toMatchObject({ kind: "deleted", seq: 20 });
    // and when the later events were renumbered to hide the gap
    // (through free numbers: seq is a primary key, checked row by row)
    await sql`UPDATE audit_events SET seq = seq + 1000 WHERE seq > 20`.execute(hub.db);
    await sql`UPDATE audit_events SET seq = seq - 1001 WHERE seq > 1000`.execute(hub.db);
    expect((await verify()).problem).toMatchObject({ kind: "deleted", seq: 20 });
    await sql`UPDATE audit_events SET seq = seq + 1001 WHERE seq >= 20`.execute(hub.db);
    await sql`UPDATE audit_events SET seq = seq - 1000 WHERE seq > 1000`.execute(hub.db);
    await table().insertInto("audit_events").values(original).execute();
    expect((await verify()).ok).toBe(true);
  });

  it("reports a swapped pair as reordered", async () => {
    // swap the positions of events 5 and 6 (through a free seq)
    await sql`UPDATE audit_events SET seq = -5 WHERE seq = 5`.execute(hub.db);
    await sql`UPDATE audit_events SET seq = 5 WHERE seq = 6`.execute(hub.db);
    await sql`UPDATE audit_events SET seq = 6 WHERE seq = -5`.execute(hub.db);
    const problem = (await verify()).problem;
    expect(problem).toMatchObject({ kind: "reordered", seq: 5 });
    expect(problem?.message).toContain("now at seq 6");
    expect((await cli("audit", "verify")).out).toContain("reordered at seq 5");
    await sql`UPDATE audit_events SET seq = -5 WHERE seq = 5`.execute(hub.db);
    await sql`UPDATE audit_events SET seq = 5 WHERE seq = 6`.execute(hub.db);
    await sql`UPDATE audit_events SET seq = 6 WHERE seq = -5`.execute(hub.db);
    expect((await verify()).ok).toBe(true);
  });

  it("reports dropped newest events and an edited head", async () => {
    const newest = await row(40);
    await table().deleteFrom("audit_events").where("seq", "=", 40).execute();
    expect((await verify()).problem).toMatchObject({ kind: "truncated", seq: 40 });
    // moving the head back as well: its signature no longer matches
    const head = await table().selectFrom("audit_chain").selectAll().executeTakeFirstOrThrow();
    await table()
      .updateTable("audit_chain")
      .set({ seq: 39, hash: (await row(39)).hash })
      .execute();
    expect((await verify()).problem).toMatchObject({ kind: "head" });
    await table().updateTable("audit_chain").set({ seq: head.seq, hash: head.hash }).execute();
    await table().insertInto("audit_events").values(newest).execute();
    expect((await verify()).ok).toBe(true);
  });

  it("replaces old events by a signed summary that verify accepts, and notices an edited one", async () => {
    expect(await pruneAuditEvents(hub.db, auditSecretOf(hub.db), 30)).toBeUndefined();
    // everything is older than 1 day, seen from 2 days ahead
    const result = await pruneAuditEvents(hub.db, auditSecretOf(hub.db), 1, Date.now() + 2 * DAY_MS);
    expect(result).toEqual({ removed: 40, throughSeq: 40 });
    const left = await table().selectFrom("audit_events").selectAll().execute();
    expect(left.map((r: AuditEventTable) => r.type)).toEqual(["audit.prune"]);
    expect(JSON.parse(left[0].data)).toMatchObject({ removed: 40, throughSeq: 40, retentionDays: 1 });
    await appendConcurrently(5, 100);
    const report = await verify();
    expect(report).toMatchObject({ ok: true, checked: 6, firstSeq: 41, lastSeq: 46 });
    expect(report.retention).toMatchObject({ throughSeq: 40, pruned: 40 });
    expect((await cli("audit", "verify")).out).toContain(
      "events 1-40 replaced by the signed retention summary",
    );
    // a second prune through the command keeps one running summary
    const pruned = await cli("audit", "prune", "--days", "1");
    expect(pruned.code).toBe(0);
    expect(pruned.out).toContain("no audit events older than 1 days");
    // an edited summary (hiding that more was removed) fails
    await table().updateTable("audit_retention").set({ pruned: 10 }).execute();
    expect((await verify()).problem).toMatchObject({ kind: "summary" });
    await table().updateTable("audit_retention").set({ pruned: 40 }).execute();
    // events after the summary removed without updating it: a gap
    await table().deleteFrom("audit_events").where("seq", "=", 41).execute();
    expect((await verify()).problem).toMatchObject({ kind: "deleted", seq: 41 });
  });

  it("records a restore in the restored hub, whose chain still verifies", async () => {
    await hub.close();
    const backup = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-audit-backup-"));
    const restored = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-audit-restored-"));
    const fresh = path.join(restored, "data");
    try {
      // a fresh chain (the deletion above left this one broken on purpose)
      if (schema && databaseUrl) await dropPostgresSchema(databaseUrl, schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.mkdirSync(dataDir);
      hub = await openHubDatabase({ dataDir, databaseUrl, schema });
      await appendConcurrently(3);
      expect((await cli("backup", backup)).code).toBe(0);
      const out: string[] = [];
      const code = await runCli(
        ["restore", backup, "--data", fresh],
        { MODELHUB_LOG_LEVEL: "silent", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
        { out: (text) => out.push(text), err: (text) => out.push(text) },
      );
      expect(code, out.join("\n")).toBe(0);
      const again = await openHubDatabase({ dataDir: fresh, databaseUrl, schema });
      try {
        const events = await auditTables(again.db)
          .selectFrom("audit_events")
          .selectAll()
          .orderBy("seq")
          .execute();
        expect(events.map((e) => e.type)).toEqual([
          "repo.create",
          "repo.create",
          "repo.create",
          "admin.restore",
        ]);
        expect(events[3]).toMatchObject({ author_type: "system", ip: null });
        expect(events[3].user_agent).toMatch(/^modelhub restore \(/);
        expect((await verifyAuditChain(again.db, auditSecretOf(again.db))).ok).toBe(true);
      } finally {
        await again.close();
      }
    } finally {
      fs.rmSync(backup, { recursive: true, force: true });
      fs.rmSync(restored, { recursive: true, force: true });
    }
  });
});
