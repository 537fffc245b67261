import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../src/config/config.js";
import { dropPostgresSchema } from "../../src/db/open-database.js";
import { startHub, type RunningHub } from "../../src/server.js";
import { DIALECTS } from "../platform/helpers/test-hub.js";
import { startReceiver, type Receiver } from "./receiver.js";
import { commitFile, createRepo, createWebhook, deliveries, eventually } from "./helpers.js";

describe.each(DIALECTS)("the webhook queue survives a restart (%s)", (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-webhook-restart-"));
  const schema = dialect === "postgres" ? `mh_test_${randomBytes(6).toString("hex")}` : undefined;
  let receiver: Receiver | undefined;
  let hub: RunningHub | undefined;

  const start = async (port: number) => {
    const env: Record<string, string> = {
      MODELHUB_SEED: "0",
      MODELHUB_WEB_DIR: path.join(dataDir, "no-web"),
      MODELHUB_WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${port}`,
      // the first attempt fails; the retry is due long after the hub stopped
      MODELHUB_WEBHOOK_RETRY_BASE_MS: "1500",
    };
    if (dialect === "postgres" && process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
    const config = resolveConfig({ port: "0", host: "127.0.0.1", data: dataDir }, env);
    return startHub(config, { logger: pino({ level: "silent" }), databaseSchema: schema });
  };

  afterAll(async () => {
    await hub?.close(0);
    await receiver?.close();
    if (schema && process.env.DATABASE_URL) await dropPostgresSchema(process.env.DATABASE_URL, schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("delivers after a restart what was still pending when the hub stopped", async () => {
    receiver = await startReceiver();
    hub = await start(receiver.port);
    await hub.services.accounts.ensureUser({ name: "carol" });
    const token = (await hub.services.accounts.createToken("carol", { displayName: "t", role: "write" }))
      .token;
    await createRepo(hub.url, token, "kept");
    const { id } = await createWebhook(hub.url, token, {
      url: `${receiver.url}/in`,
      watched: [{ type: "user", name: "carol" }],
      domains: ["repo"],
    });
    receiver.answerAll = { status: 500 };
    const sha = await commitFile(hub.url, token, "carol/kept", "a.txt", "a");
    const pending = await eventually(
      () => deliveries(hub?.url ?? "", token, id),
      (list) => list.some((d) => d.attempts === 1 && d.state === "pending"),
    );
    const deliveryId = pending.find((d) => d.attempts === 1)?.id;
    await hub.close(0);
    hub = undefined;
    expect(receiver.received.length).toBe(1);

    receiver.answerAll = undefined;
    hub = await start(receiver.port);
    const got = await receiver.waitFor(() => true, { from: 1 });
    expect(got.headers["x-webhook-delivery"]).toBe(deliveryId);
    expect((got.body.repo as { headSha: string }).headSha).toBe(sha);
    const log = await eventually(
      () => deliveries(hub?.url ?? "", token, id),
      (list) => list.find((d) => d.id === deliveryId)?.state === "succeeded",
    );
    expect(log.find((d) => d.id === deliveryId)?.log.map((a) => a.responseStatus)).toEqual([500, 200]);
  });
});
