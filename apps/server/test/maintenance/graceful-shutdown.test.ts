import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request, type IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AUTH, ndjsonCommit, startHubProcess, type HubProcess } from "./hub-process.js";

const dataDir = mkdtempSync(join(tmpdir(), "graceful-"));
let hub: HubProcess | undefined;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

afterAll(async () => {
  await hub?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A GET whose body the test reads when it chooses (paused right after the headers). */
function pausedDownload(url: string) {
  return new Promise<{ response: IncomingMessage; read(): Promise<{ body: Buffer; error?: Error }> }>(
    (resolve, reject) => {
      const req = request(url, { agent: false, headers: AUTH });
      req.on("error", reject);
      req.on("response", (response) => {
        response.pause();
        resolve({
          response,
          read: () =>
            new Promise((done) => {
              const chunks: Buffer[] = [];
              response.on("data", (chunk: Buffer) => chunks.push(chunk));
              response.on("end", () => done({ body: Buffer.concat(chunks) }));
              response.on("error", (error) => done({ body: Buffer.concat(chunks), error }));
              response.on("aborted", () =>
                done({ body: Buffer.concat(chunks), error: new Error("aborted") }),
              );
              response.resume();
            }),
        });
      });
      req.end();
    },
  );
}

describe("SIGTERM drains in-flight requests, then cuts what is left with an error", () => {
  it("finishes slow requests within MODELHUB_SHUTDOWN_DRAIN_S, closes keep-alive connections, never sends a short body as complete", async () => {
    hub = await startHubProcess(dataDir, { MODELHUB_SHUTDOWN_DRAIN_S: "10" });
    const url = hub.url;
    const big = randomBytes(24 * 1024 * 1024);
    const created = await fetch(`${url}/api/repos/create`, {
      method: "POST",
      headers: { ...AUTH, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "drain" }),
    });
    expect(created.status).toBe(200);
    const commit = await fetch(`${url}/api/models/admin/drain/commit/main`, {
      method: "POST",
      headers: AUTH,
      body: [
        JSON.stringify({ key: "header", value: { summary: "big" } }),
        JSON.stringify({
          key: "file",
          value: { path: "big.dat", content: big.toString("base64"), encoding: "base64" },
        }),
      ].join("\n"),
    });
    expect(commit.status).toBe(200);
    const fileUrl = `${url}/admin/drain/resolve/main/big.dat`;

    // an idle keep-alive connection
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let idleSocket: Socket | undefined;
    await new Promise<void>((resolve, reject) => {
      const req = request(`${url}/api/models/admin/drain`, { agent, headers: AUTH }, (res) => {
        idleSocket = res.socket;
        res.resume();
        res.on("end", resolve);
      });
      req.on("error", reject);
      req.end();
    });
    const idleClosed = new Promise<void>((resolve) => idleSocket!.once("close", () => resolve()));

    const cut = await pausedDownload(fileUrl);
    const slow = await pausedDownload(fileUrl);
    expect(cut.response.headers["content-length"]).toBe(String(big.length));

    // a commit whose body is still arriving
    let answer: { status: number; connection?: string } | undefined;
    const pending = request(`${url}/api/models/admin/drain/commit/main`, {
      method: "POST",
      agent: false,
      headers: { ...AUTH, "Content-Type": "application/x-ndjson", "Transfer-Encoding": "chunked" },
    });
    const answered = new Promise<void>((resolve, reject) => {
      pending.on("response", (res) => {
        answer = { status: res.statusCode ?? 0, connection: res.headers.connection };
        res.resume();
        res.on("end", resolve);
      });
      pending.on("error", reject);
    });
    const body = ndjsonCommit("during shutdown", { "late.txt": "arrived after SIGTERM" });
    pending.write(body.slice(0, 40));
    await sleep(300);

    hub.child.kill("SIGTERM");
    await Promise.race([idleClosed, sleep(3_000)]);
    expect(idleSocket!.destroyed).toBe(true);
    await sleep(300);
    await expect(fetch(`${url}/api/models`)).rejects.toThrow(); // no longer accepting

    // past the old hard-coded 5 s exit, still inside the 10 s drain
    await sleep(6_000);
    expect(hub.child.exitCode).toBeNull();
    pending.end(body.slice(40));
    await answered;
    expect(answer).toEqual({ status: 200, connection: "close" });
    const whole = await slow.read();
    expect(whole.error).toBeUndefined();
    expect(sha256(whole.body)).toBe(sha256(big));

    const exit = await hub.exited;
    expect(exit.code).toBe(0);
    const short = await cut.read();
    expect(short.error).toBeDefined();
    expect(short.body.length).toBeLessThan(big.length);
    expect(cut.response.complete).toBe(false);
    expect(hub.output()).toMatch(/"cut":1[,}].*connections drained/);
    agent.destroy();
  }, 120_000);
});
