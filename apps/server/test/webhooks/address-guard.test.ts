import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forbiddenAddressReason } from "../../src/webhooks/address-policy.js";
import { sendPayload } from "../../src/webhooks/send.js";
import {
  DEFAULT_WEBHOOK_SETTINGS,
  webhookSettingsFrom,
  type WebhookSettings,
} from "../../src/webhooks/settings.js";

describe("webhook address guard", () => {
  let hits = 0;
  let server: http.Server;
  let port = 0;
  const settings = (allow: string[] = []): WebhookSettings => ({
    ...DEFAULT_WEBHOOK_SETTINGS,
    allowHosts: allow,
    timeoutMs: 3000,
  });

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits++;
      if (req.url === "/redirect") res.writeHead(302, { Location: `http://127.0.0.1:${port}/private` }).end();
      else res.writeHead(200).end("x".repeat(10_000));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.0.1",
    "100.64.0.1",
    "169.254.169.254",
    "0.0.0.0",
    "::1",
    "::",
    "fd00:ec2::254",
    "fc00::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:8.8.8.8",
  ])("refuses %s", (address) => {
    expect(forbiddenAddressReason(address)).toBeDefined();
  });

  it.each(["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "93.184.215.14"])(
    "allows the public %s",
    (address) => {
      expect(forbiddenAddressReason(address)).toBeUndefined();
    },
  );

  it.each([
    `http://127.0.0.1:PORT/x`,
    `http://10.0.0.1:PORT/x`,
    `http://169.254.169.254/latest/meta-data/`,
    `http://[::1]:PORT/x`,
    `http://localhost:PORT/x`,
    `http://[::ffff:127.0.0.1]:PORT/x`,
  ])("never connects to %s without an allow entry", async (raw) => {
    const before = hits;
    const result = await sendPayload(raw.replace("PORT", String(port)), "{}", {}, settings());
    expect(result.ok).toBe(false);
    expect(result.status).toBeNull();
    expect(result.error).toMatch(/^refused: /);
    expect(hits).toBe(before);
  });

  it("delivers to an allowed host:port and reads only the start of the answer", async () => {
    const result = await sendPayload(
      `http://127.0.0.1:${port}/ok`,
      "{}",
      {},
      settings([`127.0.0.1:${port}`]),
    );
    expect(result).toMatchObject({ ok: true, status: 200, error: null });
    expect(result.excerpt?.length).toBe(DEFAULT_WEBHOOK_SETTINGS.maxResponseBytes);
    const byName = await sendPayload(`http://localhost:${port}/ok`, "{}", {}, settings(["localhost"]));
    expect(byName.ok).toBe(true);
  });

  it("does not follow a redirect (to a private address or anywhere)", async () => {
    const before = hits;
    const result = await sendPayload(
      `http://127.0.0.1:${port}/redirect`,
      "{}",
      {},
      settings([`127.0.0.1:${port}`]),
    );
    expect(result.ok).toBe(false);
    expect(result.status).toBe(302);
    expect(result.error).toBe(`redirect to http://127.0.0.1:${port}/private not followed`);
    expect(hits).toBe(before + 1);
  });

  it("gives up on a receiver that does not answer in time", async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    const result = await sendPayload(
      `http://127.0.0.1:${silentPort}/`,
      "{}",
      {},
      {
        ...settings([`127.0.0.1:${silentPort}`]),
        timeoutMs: 200,
      },
    );
    expect(result).toMatchObject({ ok: false, status: null, error: "no answer within 200 ms" });
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("reads its settings from the environment", () => {
    const s = webhookSettingsFrom({
      MODELHUB_WEBHOOK_ALLOW_HOSTS: " 127.0.0.1:9000, Hooks.LAN ",
      MODELHUB_WEBHOOK_TIMEOUT_S: "2.5",
    });
    expect(s.allowHosts).toEqual(["127.0.0.1:9000", "hooks.lan"]);
    expect(s.timeoutMs).toBe(2500);
    expect(() => webhookSettingsFrom({ MODELHUB_WEBHOOK_MAX_ATTEMPTS: "0" })).toThrow(/MAX_ATTEMPTS/);
  });
});
