import { randomBytes } from "node:crypto";
import { chmod, mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { PushVerdict } from "./lfs-push-check.js";

/** What the pre-receive hook reports: the ref updates (its stdin) and where git quarantined the objects. */
export interface GateRequest {
  updates: string;
  objectDirectory: string;
  quarantinePath: string;
}

const MAX_REQUEST = 16 * 1024 * 1024;

/**
 * The pre-receive hook. It only relays: the server, reached over a private Unix socket named in the
 * environment, decides. Without that environment (a push that did not come through the hub) it refuses.
 */
const HOOK_SH = `#!/bin/sh
# Written by the ModelHub server (apps/server/src/content/git/push-gate.ts); do not edit.
if [ -z "$MODELHUB_PUSH_SOCKET" ] || [ -z "$MODELHUB_NODE" ] || [ -z "$MODELHUB_PUSH_RELAY" ]; then
  echo "ModelHub: pushes are accepted only through the hub's HTTP endpoint" >&2
  exit 1
fi
exec "$MODELHUB_NODE" "$MODELHUB_PUSH_RELAY"
`;

const RELAY_CJS = `"use strict";
// Written by the ModelHub server (apps/server/src/content/git/push-gate.ts); do not edit.
const net = require("node:net");
function fail(message) {
  process.stderr.write(message + "\\n");
  process.exit(1);
}
const input = [];
process.stdin.on("data", (chunk) => input.push(chunk));
process.stdin.on("end", () => {
  const reply = [];
  const socket = net.connect(process.env.MODELHUB_PUSH_SOCKET);
  socket.on("data", (chunk) => reply.push(chunk));
  socket.on("error", (error) => fail("ModelHub: the push could not be checked (" + error.message + ")"));
  socket.on("end", () => {
    let verdict;
    try {
      verdict = JSON.parse(Buffer.concat(reply).toString("utf8"));
    } catch {
      fail("ModelHub: the push could not be checked (no answer from the hub)");
    }
    if (verdict.message) process.stderr.write(verdict.message + "\\n");
    process.exit(verdict.ok === true ? 0 : 1);
  });
  socket.end(
    JSON.stringify({
      updates: Buffer.concat(input).toString("utf8"),
      objectDirectory: process.env.GIT_OBJECT_DIRECTORY || "",
      quarantinePath: process.env.GIT_QUARANTINE_PATH || "",
    }),
  );
});
`;

const FILES: [name: string, content: string][] = [
  ["pre-receive", HOOK_SH],
  ["push-relay.cjs", RELAY_CJS],
];

/**
 * Writes the hook folder (idempotent; rewritten when missing or outdated, e.g. after an upgrade or a
 * wiped temp folder). Repos do not hold the hook: each push points git at this folder through
 * `core.hooksPath`, so new and existing repos are covered alike.
 */
export async function ensureHookFolder(folder: string): Promise<string> {
  const dir = resolve(folder);
  await mkdir(dir, { recursive: true });
  for (const [name, content] of FILES) {
    const path = join(dir, name);
    const current = await readFile(path, "utf8").catch(() => undefined);
    if (current === content) continue;
    const staging = `${path}.${randomBytes(6).toString("hex")}`;
    await writeFile(staging, content, { mode: 0o755 });
    await chmod(staging, 0o755);
    await rename(staging, path);
  }
  return dir;
}

export interface PushGate {
  /** Environment for `git http-backend`: runs the hook and tells it where to ask. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Opens a private Unix socket for one push; the hook sends the ref updates over it and `decide`
 * answers before git moves any ref. A failing `decide` refuses the push. `scratch` is the server's
 * temp folder (emptied at start): it holds the hook folder and, when its path is short enough, the socket.
 */
export async function openPushGate(
  scratch: string,
  decide: (request: GateRequest) => Promise<PushVerdict>,
): Promise<PushGate> {
  const hooks = await ensureHookFolder(join(scratch, "git-hooks"));
  // Unix socket paths are capped near 107 bytes; mkdtemp makes a 0700 folder only this user can enter.
  const base =
    Buffer.byteLength(join(resolve(scratch), "push-XXXXXX", "gate.sock")) <= 100 ? scratch : tmpdir();
  const socketDir = await mkdtemp(join(resolve(base), "push-"));
  const socketPath = join(socketDir, "gate.sock");
  const open = new Set<Socket>();
  // Half-open: the hook ends its side once sent, and still reads the verdict.
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
    socket.on("error", () => undefined);
    const chunks: Buffer[] = [];
    let length = 0;
    socket.on("data", (chunk: Buffer) => {
      length += chunk.length;
      if (length > MAX_REQUEST) socket.destroy();
      else chunks.push(chunk);
    });
    socket.on("end", () => {
      void answer(Buffer.concat(chunks)).then((verdict) => socket.end(JSON.stringify(verdict)));
    });
  });
  const answer = async (raw: Buffer): Promise<PushVerdict> => {
    try {
      const request = JSON.parse(raw.toString("utf8")) as Partial<GateRequest>;
      return await decide({
        updates: String(request.updates ?? ""),
        objectDirectory: String(request.objectDirectory ?? ""),
        quarantinePath: String(request.quarantinePath ?? ""),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, message: `ModelHub: the push could not be checked (${reason})` };
    }
  };
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(socketPath, () => done());
  });
  return {
    env: {
      // fsck on receive for every repo, also those created before bare-layout.ts turned it on.
      GIT_CONFIG_COUNT: "2",
      GIT_CONFIG_KEY_0: "core.hooksPath",
      GIT_CONFIG_VALUE_0: hooks,
      GIT_CONFIG_KEY_1: "receive.fsckObjects",
      GIT_CONFIG_VALUE_1: "true",
      MODELHUB_PUSH_SOCKET: socketPath,
      MODELHUB_PUSH_RELAY: join(hooks, "push-relay.cjs"),
      MODELHUB_NODE: process.execPath,
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}
