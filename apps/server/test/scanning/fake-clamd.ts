import fs from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A stand-in for clamd that answers INSTREAM with `stream: OK`, except that a stream holding the
 * `hold` marker waits until the test lets it go: a scan that stays pending for as long as a test needs.
 */
export interface FakeClamd {
  socket: string;
  /** Lets every held scan finish (answering OK); later streams are not held. */
  release(): void;
  held(): number;
  close(): Promise<void>;
}

export const HOLD_MARKER = "MODELHUB-HOLD-THIS-SCAN";

export async function startFakeClamd(): Promise<FakeClamd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-fake-clamd-"));
  const socketPath = path.join(dir, "clamd.sock");
  const waiting: Socket[] = [];
  let holding = true;
  const server: Server = createServer((socket) => {
    let buffer = Buffer.alloc(0);
    let command: string | undefined;
    const body: Buffer[] = [];
    socket.on("error", () => undefined);
    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (command === undefined) {
        const end = buffer.indexOf(0);
        if (end === -1) return;
        command = buffer.subarray(0, end).toString();
        buffer = buffer.subarray(end + 1);
        if (command === "zVERSION") {
          socket.end("ClamAV 1.0.0-fake/1/test\0");
          return;
        }
      }
      while (buffer.length >= 4) {
        const length = buffer.readUInt32BE(0);
        if (buffer.length < 4 + length) return;
        if (length === 0) {
          const data = Buffer.concat(body);
          if (holding && data.includes(HOLD_MARKER)) waiting.push(socket);
          else socket.end("stream: OK\0");
          buffer = Buffer.alloc(0);
          return;
        }
        body.push(buffer.subarray(4, 4 + length));
        buffer = buffer.subarray(4 + length);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return {
    socket: socketPath,
    release() {
      holding = false;
      for (const socket of waiting.splice(0)) socket.end("stream: OK\0");
    },
    held: () => waiting.length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of waiting.splice(0)) socket.destroy();
        server.close(() => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
