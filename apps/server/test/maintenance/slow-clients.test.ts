import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveNetSettings } from "../../src/net/net-settings.js";
import { AUTH, startHubProcess, type HubProcess } from "./hub-process.js";

const dataDir = mkdtempSync(join(tmpdir(), "slow-clients-"));
let hub: HubProcess;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  hub = await startHubProcess(dataDir, { MODELHUB_HEADERS_TIMEOUT_S: "2", MODELHUB_IDLE_TIMEOUT_S: "3" });
}, 60_000);
afterAll(async () => {
  await hub?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Opens a raw connection and resolves once it is connected; `closed` settles when the hub drops it. */
function rawConnection(url: string): Promise<{ socket: Socket; closed: Promise<number> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      const closed = new Promise<number>((done) => socket.once("close", () => done(Date.now())));
      resolve({ socket, closed });
    });
    socket.on("error", () => undefined);
    socket.once("error", reject);
  });
}

describe("slow clients are closed by the header and idle timeouts", () => {
  it("closes 50 slowloris connections and 10 stalled uploads while normal requests keep answering", async () => {
    const started = Date.now();
    const loris = await Promise.all(Array.from({ length: 50 }, () => rawConnection(hub.url)));
    for (const { socket } of loris) socket.write("GET /api/models HTTP/1.1\r\nHost: hub\r\n");
    // a header line every 400 ms keeps each connection busy: only the header timeout ends it
    const trickle = setInterval(() => {
      for (const { socket } of loris) if (!socket.destroyed) socket.write(`X-Slow-${Date.now()}: 1\r\n`);
    }, 400);
    const stalled = await Promise.all(Array.from({ length: 10 }, () => rawConnection(hub.url)));
    for (const { socket } of stalled)
      socket.write(
        `POST /api/repos/create HTTP/1.1\r\nHost: hub\r\nAuthorization: ${AUTH.Authorization}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"na`,
      );

    try {
      // meanwhile a normal request answers (bound generous: this is not a latency measurement)
      for (let i = 0; i < 5; i++) {
        const before = Date.now();
        const res = await fetch(`${hub.url}/api/models`);
        expect(res.status).toBe(200);
        expect(Date.now() - before).toBeLessThan(2_000);
        await sleep(300);
      }
      const lorisClosed = await Promise.race([
        Promise.all(loris.map((c) => c.closed)),
        sleep(15_000).then(() => undefined),
      ]);
      expect(lorisClosed, "slowloris connections still open after 15 s").toBeDefined();
      const stalledClosed = await Promise.race([
        Promise.all(stalled.map((c) => c.closed)),
        sleep(15_000).then(() => undefined),
      ]);
      expect(stalledClosed, "stalled uploads still open after 15 s").toBeDefined();
      // each closed well before the 60 s Node default (and its 30 s check interval) would have
      expect(Math.max(...lorisClosed!, ...stalledClosed!) - started).toBeLessThan(15_000);
      expect((await fetch(`${hub.url}/api/models`)).status).toBe(200);
    } finally {
      clearInterval(trickle);
      for (const { socket } of [...loris, ...stalled]) socket.destroy();
    }
  }, 60_000);

  it("validates the settings", () => {
    expect(resolveNetSettings({}).shutdownDrainMs).toBe(30_000);
    expect(resolveNetSettings({ MODELHUB_HEADERS_TIMEOUT_S: "1.5" }).headersTimeoutMs).toBe(1500);
    expect(() => resolveNetSettings({ MODELHUB_IDLE_TIMEOUT_S: "soon" })).toThrow(/MODELHUB_IDLE_TIMEOUT_S/);
    expect(() =>
      resolveNetSettings({ MODELHUB_HEADERS_TIMEOUT_S: "30", MODELHUB_REQUEST_TIMEOUT_S: "10" }),
    ).toThrow(/at least MODELHUB_HEADERS_TIMEOUT_S/);
  });
});
