import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forbiddenAddressReason, specialRangeOf } from "../../src/outbound/address-policy.js";
import { validateTargetUrl } from "../../src/outbound/target-url.js";
import { sendPayload } from "../../src/outbound/send.js";
import {
  DEFAULT_WEBHOOK_SETTINGS,
  webhookSettingsFrom,
  type WebhookSettings,
} from "../../src/outbound/settings.js";

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

  // One address inside every range of the IANA IPv4 and IPv6 Special-Purpose Address Registries (and
  // multicast), at save and at delivery alike.
  const SPECIAL = [
    "0.1.2.3", // "this network"
    "192.0.0.9", // IETF protocol assignments (PCP anycast)
    "192.0.0.170", // NAT64 discovery
    "192.0.2.1", // TEST-NET-1
    "192.31.196.1", // AS112-v4
    "192.52.193.1", // AMT
    "192.88.99.1", // deprecated 6to4 relay anycast
    "192.175.48.1", // direct delegation AS112
    "198.18.0.1", // benchmarking
    "198.51.100.7", // TEST-NET-2
    "203.0.113.9", // TEST-NET-3
    "224.0.0.1", // multicast
    "240.0.0.1", // reserved
    "255.255.255.255", // limited broadcast
    "::127.0.0.1", // IPv4-compatible
    "::ffff:0:7f00:1", // IPv4-translated
    "64:ff9b::7f00:1", // NAT64 well-known prefix
    "64:ff9b:1::a00:1", // NAT64 local-use prefix
    "100::1", // discard-only
    "100:0:0:1::1", // dummy prefix
    "2001::1", // Teredo
    "2001:0:4136:e378:8000:63bf:3fff:fdd2", // Teredo with an embedded server and client
    "2001:1::1", // port control anycast
    "2001:2::1", // benchmarking
    "2001:3::1", // AMT
    "2001:4:112::1", // AS112-v6
    "2001:10::1", // ORCHID (deprecated)
    "2001:20::1", // ORCHIDv2
    "2001:30::1", // drone remote ID
    "2001:db8::1", // documentation
    "2002:7f00:1::1", // 6to4 around 127.0.0.1
    "2002:a00:1::1", // 6to4 around 10.0.0.1
    "2620:4f:8000::1", // direct delegation AS112
    "3fff::1", // documentation (RFC 9637)
    "5f00::1", // segment routing SIDs
    "fec0::1", // deprecated site-local
    "ff02::1", // multicast
    "4000::1", // outside global unicast 2000::/3
  ];

  it.each(SPECIAL)("refuses the special-purpose %s", (address) => {
    expect(specialRangeOf(address)).toBeDefined();
    const host = address.includes(":") ? `[${address}]` : address;
    expect(() => validateTargetUrl(`http://${host}/hook`, [])).toThrow(/private address/);
  });

  it.each(SPECIAL)("never connects to the special-purpose %s at delivery", async (address) => {
    const host = address.includes(":") ? `[${address}]` : address;
    const result = await sendPayload(`http://${host}:${port}/x`, "{}", {}, settings());
    expect(result).toMatchObject({ ok: false, status: null, error: "refused: the address is not allowed" });
  });

  it.each(["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "93.184.215.14", "2a00:1450:4001:82a::200e"])(
    "allows the public %s",
    (address) => {
      expect(forbiddenAddressReason(address)).toBeUndefined();
    },
  );

  it("logs a refusal without how the name resolved, or whether it did", async () => {
    const byName = await sendPayload(`http://localhost:${port}/x`, "{}", {}, settings());
    expect(byName.error).toBe("refused: the address is not allowed");
    const missing = await sendPayload(
      "http://no-such-host.invalid/x",
      "{}",
      {},
      {
        ...settings(),
        timeoutMs: 10_000,
      },
    );
    expect(missing.error).toBe("refused: the address is not allowed");
    for (const result of [byName, missing])
      expect(result.error).not.toMatch(
        /resolve|getaddrinfo|ENOTFOUND|EAI_|127\.0\.0\.1|::1|localhost|invalid/,
      );
  });

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
    expect(result.error).toBe("refused: the address is not allowed");
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
