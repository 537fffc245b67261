import { open } from "node:fs/promises";
import { connect, type Socket } from "node:net";

/** Where clamd listens: its local socket, or a TCP address. */
export type ClamdAddress = { socket: string } | { host: string; port: number };

export interface ClamdSettings {
  address: ClamdAddress;
  /** clamd must answer (and keep reading) within this. */
  timeoutMs: number;
  /** Files larger than this are not sent (clamd's StreamMaxLength refuses them anyway). */
  maxStreamBytes: number;
}

export type ClamdVerdict =
  | { status: "safe" }
  | { status: "unsafe"; signature: string }
  /** Not scanned by clamd: too large for the stream limit. */
  | { status: "unscanned"; message: string }
  | { status: "error"; message: string };

const CHUNK = 1024 * 1024;

function connectTo(address: ClamdAddress, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = "socket" in address ? connect(address.socket) : connect(address.port, address.host);
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new Error(`clamd did not answer within ${timeoutMs} ms`)),
    );
    socket.once("connect", () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Collects clamd's NUL-terminated reply (or whatever it said before closing). */
function replyOf(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (chunk.includes(0)) socket.end();
    });
    socket.once("close", () =>
      resolve(
        Buffer.concat(chunks)
          .toString("utf8")
          .replace(/\0[\s\S]*$/, "")
          .trim(),
      ),
    );
    socket.once("error", reject);
  });
}

/** clamd's `VERSION`: the engine and, with official databases, the signature version and date. */
export async function clamdVersion(settings: Pick<ClamdSettings, "address" | "timeoutMs">): Promise<string> {
  const socket = await connectTo(settings.address, settings.timeoutMs);
  const reply = replyOf(socket);
  socket.write("zVERSION\0");
  const text = await reply;
  if (!text.startsWith("ClamAV")) throw new Error(`clamd answered VERSION with "${text.slice(0, 100)}"`);
  return text;
}

/** What is sent to clamd: a file on disk, or bytes in memory (a small git blob). */
export type ClamdInput = { path: string } | { bytes: Uint8Array };

async function* chunksOf(input: ClamdInput): AsyncGenerator<Buffer> {
  if ("bytes" in input) {
    for (let at = 0; at < input.bytes.length; at += CHUNK)
      yield Buffer.from(input.bytes.subarray(at, Math.min(at + CHUNK, input.bytes.length)));
    return;
  }
  const file = await open(input.path, "r");
  try {
    const buffer = Buffer.allocUnsafe(CHUNK);
    for (let position = 0; ;) {
      const { bytesRead } = await file.read(buffer, 0, CHUNK, position);
      if (bytesRead === 0) return;
      position += bytesRead;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await file.close();
  }
}

/**
 * Streams a file to clamd with INSTREAM (length-prefixed chunks, a zero length to end) and reads its
 * verdict: `stream: OK`, `stream: <signature> FOUND`, or an error line.
 */
export async function clamdScan(
  input: ClamdInput,
  size: number,
  settings: ClamdSettings,
): Promise<ClamdVerdict> {
  if (size > settings.maxStreamBytes)
    return {
      status: "unscanned",
      message: `${size} bytes: larger than the malware scan's limit (MODELHUB_CLAMD_MAX_MB)`,
    };
  let socket: Socket;
  try {
    socket = await connectTo(settings.address, settings.timeoutMs);
  } catch (error) {
    return { status: "error", message: `clamd is unreachable: ${(error as Error).message}` };
  }
  const reply = replyOf(socket);
  const write = (data: Buffer) =>
    new Promise<void>((resolve, reject) => {
      if (socket.destroyed || socket.writableEnded) return reject(new Error("clamd closed the connection"));
      socket.write(data, (error) => (error ? reject(error) : resolve()));
    });
  try {
    await write(Buffer.from("zINSTREAM\0"));
    for await (const chunk of chunksOf(input)) {
      const length = Buffer.allocUnsafe(4);
      length.writeUInt32BE(chunk.length);
      await write(Buffer.concat([length, chunk]));
    }
    await write(Buffer.alloc(4));
  } catch {
    // clamd may stop reading and answer early (a size limit): its reply says why
  }
  let text: string;
  try {
    text = await reply;
  } catch (error) {
    return { status: "error", message: `clamd failed: ${(error as Error).message}` };
  }
  const found = /^stream: (.+) FOUND$/.exec(text);
  if (found) return { status: "unsafe", signature: found[1] };
  if (text === "stream: OK") return { status: "safe" };
  if (/size limit exceeded/i.test(text))
    return { status: "unscanned", message: "larger than clamd's StreamMaxLength (raise it in clamd.conf)" };
  return { status: "error", message: `clamd answered "${text.slice(0, 200) || "nothing"}"` };
}
