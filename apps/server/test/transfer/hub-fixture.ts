import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { resolveConfig } from "../../src/config/config.js";
import { startHub, type RunningHub } from "../../src/server.js";
import type { TransferIO } from "../../src/transfer/index.js";

export interface TransferHub {
  hub: RunningHub;
  url: string;
  dataDir: string;
  writeToken(user: string): Promise<string>;
  stop(): Promise<void>;
}

/** The real hub on 127.0.0.1, random port, empty SQLite database in a temp folder. */
export async function startTransferHub(): Promise<TransferHub> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-transfer-"));
  const config = resolveConfig({ port: "0", host: "127.0.0.1", data: dataDir }, { MODELHUB_SEED: "0", MODELHUB_WEB_DIR: path.join(dataDir, "no-web") });
  const hub = await startHub(config, { logger: pino({ level: "silent" }) });
  return {
    hub,
    url: hub.url,
    dataDir,
    async writeToken(user) {
      await hub.services.accounts.ensureUser({ name: user });
      return (await hub.services.accounts.createToken(user, { displayName: "transfer test", role: "write" })).token;
    },
    async stop() {
      await hub.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CapturedIO extends TransferIO {
  out: string[];
  err: string[];
}

/** A non-terminal io that records what the command printed. */
export function captureIO(extra: Partial<TransferIO> = {}): CapturedIO {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: { write: (text: string) => out.push(text) },
    stderr: { write: (text: string) => err.push(text) },
    isTTY: false,
    env: {},
    ...extra,
  };
}

/** Deterministic pseudo-random bytes (xorshift), so a failure is reproducible. */
export function patternBytes(size: number, seed: number): Buffer {
  const buffer = Buffer.alloc(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    buffer.writeUInt32LE(x >>> 0, Math.min(i, size - 4));
  }
  return buffer;
}
