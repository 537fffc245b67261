import type { AuditEvent } from "@modelhub/api-types";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_AUDIT_SETTINGS } from "../../src/audit/settings.js";
import { httpSink, stdoutSink } from "../../src/audit/stream/sinks.js";
import { AuditStreamer } from "../../src/audit/stream/streamer.js";
import { auditTables } from "../../src/audit/tables.js";
import { ConfigError, resolveConfig } from "../../src/config/config.js";
import { eventually } from "../webhooks/helpers.js";
import { DIALECTS, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { adminEvents, ok } from "./helpers.js";

const ADMIN = `hf_${"S".repeat(34)}`;
const STREAM_TOKEN = "siem-verification-token-0123456789";

/** A SIEM's ingest endpoint that can be down (503, or the connection cut) and counts what it accepted. */
async function receiver() {
  let mode: "up" | "503" | "reset" = "up";
  const accepted: { event: AuditEvent; headers: http.IncomingHttpHeaders }[] = [];
  let refused = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (mode === "reset") {
        refused++;
        request.socket.destroy();
        return;
      }
      if (mode === "503") {
        refused++;
        response.writeHead(503).end("down for maintenance");
        return;
      }
      accepted.push({
        event: JSON.parse(Buffer.concat(chunks).toString("utf8")) as AuditEvent,
        headers: request.headers,
      });
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    accepted,
    refused: () => refused,
    set: (next: typeof mode) => {
      mode = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(DIALECTS)("audit streaming (%s)", (dialect) => {
  let sink: Awaited<ReturnType<typeof receiver>>;
  let hub: TestHub;

  beforeAll(async () => {
    sink = await receiver();
    hub = await startTestHub({
      dialect,
      env: {
        MODELHUB_ADMIN_TOKEN: ADMIN,
        MODELHUB_AUDIT_STREAM_URL: `http://127.0.0.1:${sink.port}/ingest`,
        MODELHUB_AUDIT_STREAM_ALLOW_HOSTS: `127.0.0.1:${sink.port}`,
        MODELHUB_AUDIT_STREAM_TOKEN: STREAM_TOKEN,
        MODELHUB_AUDIT_STREAM_RETRY_BASE_MS: "20",
        MODELHUB_AUDIT_STREAM_RETRY_MAX_MS: "150",
        MODELHUB_AUDIT_STREAM_POLL_MS: "30",
      },
    });
  });
  afterAll(async () => {
    await hub?.stop();
    await sink?.close();
  });

  it("delivers every event in order, and after an outage everything missed, once", async () => {
    const token = await hub.tokenFor("alice");
    await ok(hub, "POST", "/api/organizations/new", { token }, { name: "acme" });
    await eventually(
      async () => sink.accepted.map((a) => a.event.type),
      (types) => types.includes("org.create"),
    );
    // the sink goes down (answers 503, then cuts connections) while the hub keeps working
    sink.set("503");
    for (let i = 0; i < 6; i++)
      await ok(
        hub,
        "POST",
        "/api/repos/create",
        { token },
        { name: `m${i}`, organization: "acme", type: "model" },
      );
    await eventually(
      async () => sink.refused(),
      (n) => n >= 3,
    );
    sink.set("reset");
    for (let i = 0; i < 6; i++)
      await ok(hub, "DELETE", "/api/repos/delete", { token }, { name: `acme/m${i}`, type: "model" });
    await eventually(
      async () => sink.refused(),
      (n) => n >= 6,
    );
    const during = sink.accepted.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.accepted.length).toBe(during);
    // back up: everything arrives, in chain order, nothing twice, nothing left out
    sink.set("up");
    const all = (await adminEvents(hub, ADMIN)).reverse();
    const lastSeq = all[all.length - 1].seq;
    await eventually(
      async () => sink.accepted.map((a) => a.event.seq),
      (seqs) => seqs.includes(lastSeq),
    );
    const seqs = sink.accepted.map((a) => a.event.seq);
    const firstStreamed = seqs[0];
    expect(seqs).toEqual(all.filter((e) => e.seq >= firstStreamed).map((e) => e.seq));
    expect(sink.accepted.filter((a) => a.event.type === "repo.delete")).toHaveLength(6);
    // GitLab's shape: a JSON POST per event, the verification token, type and id headers
    const sample = sink.accepted.find((a) => a.event.type === "repo.create")!;
    expect(sample.headers["x-modelhub-event-streaming-token"]).toBe(STREAM_TOKEN);
    expect(sample.headers["x-modelhub-audit-event-type"]).toBe("repo.create");
    expect(sample.headers["x-modelhub-audit-event-id"]).toBe(sample.event._id);
    expect(sample.headers["content-type"]).toBe("application/json");
    expect(sample.event).toEqual(all.find((e) => e._id === sample.event._id));
    // the cursor is saved right after a delivery is acknowledged: wait for the last one's
    const cursor = await eventually(
      () =>
        auditTables(hub.services.hub.db)
          .selectFrom("audit_stream_cursors")
          .selectAll()
          .executeTakeFirstOrThrow(),
      (row) => Number(row.last_seq) === lastSeq,
    );
    expect(cursor).toMatchObject({
      sink: `http:http://127.0.0.1:${sink.port}/ingest`,
      failures: 0,
      last_error: null,
    });
    expect(Number(cursor.last_seq)).toBe(lastSeq);
  }, 60_000);

  it("writes JSON lines on stdout, and refuses a name that resolves to a private address", async () => {
    const lines: string[] = [];
    const settings = { ...DEFAULT_AUDIT_SETTINGS.stream, pollMs: 20, retryBaseMs: 20, retryMaxMs: 50 };
    const streamer = new AuditStreamer(
      hub.services.hub.db,
      [stdoutSink((line) => lines.push(line)), httpSink(`http://localhost:${sink.port}/ingest`, settings)],
      settings,
      pino({ level: "silent" }),
    );
    await streamer.start();
    try {
      const before = sink.accepted.length;
      const token = await hub.tokenFor("bob");
      await eventually(
        async () => lines.map((line) => (JSON.parse(line) as { audit_event: AuditEvent }).audit_event.type),
        (types) => types.includes("token.create"),
      );
      expect(lines.every((line) => line.endsWith("\n") && !line.slice(0, -1).includes("\n"))).toBe(true);
      expect(token).not.toBe("");
      const blocked = await eventually(
        () =>
          auditTables(hub.services.hub.db)
            .selectFrom("audit_stream_cursors")
            .selectAll()
            .where("sink", "=", `http:http://localhost:${sink.port}/ingest`)
            .executeTakeFirst(),
        (row) => (row?.failures ?? 0) > 0,
      );
      expect(blocked?.last_error).toBe("refused: the address is not allowed");
      // the hub's own sink got bob's events; the private one nothing
      await eventually(
        async () => sink.accepted.length,
        (n) => n > before,
      );
    } finally {
      await streamer.stop();
    }
  });
});

describe("audit streaming settings", () => {
  const config = (env: Record<string, string>) => () =>
    resolveConfig({ data: "/tmp/unused" }, { MODELHUB_SEED: "0", ...env });

  it("applies the webhook address rules to the sink at start-up", () => {
    expect(config({ MODELHUB_AUDIT_STREAM_URL: "http://127.0.0.1:9000/x" })).toThrow(
      /MODELHUB_AUDIT_STREAM_URL points at a private address .*MODELHUB_AUDIT_STREAM_ALLOW_HOSTS/,
    );
    expect(config({ MODELHUB_AUDIT_STREAM_URL: "http://169.254.169.254/" })).toThrow(ConfigError);
    expect(config({ MODELHUB_AUDIT_STREAM_URL: "https://user:pw@siem.example.com/" })).toThrow(/credentials/);
    expect(config({ MODELHUB_AUDIT_STREAM_URL: "ftp://siem.example.com/" })).toThrow(/http or https/);
    expect(config({ MODELHUB_AUDIT_STREAM_TOKEN: "short" })).toThrow(/16 to 256/);
    expect(config({ MODELHUB_AUDIT_RETENTION_DAYS: "0" })).toThrow(/MODELHUB_AUDIT_RETENTION_DAYS/);
    const ok = config({
      MODELHUB_AUDIT_STREAM_URL: "https://siem.example.com/ingest, http://10.1.2.3:8088/in",
      MODELHUB_AUDIT_STREAM_ALLOW_HOSTS: "10.1.2.3:8088",
      MODELHUB_AUDIT_STDOUT: "1",
      MODELHUB_AUDIT_RETENTION_DAYS: "90",
    })();
    expect(ok.audit.stream.urls).toEqual(["https://siem.example.com/ingest", "http://10.1.2.3:8088/in"]);
    expect(ok.audit).toMatchObject({ retentionDays: 90, stream: { stdout: true } });
  });
});
