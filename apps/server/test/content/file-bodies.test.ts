// File bodies on the Node path: FileRangeStream's pooled `sendTo` and the server-side takeover of
// responses built by nodeStreamResponse (bytes exact under concurrency, headers kept, no descriptor
// left open after a client goes away, the web body still usable where no Node server sends it).
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readdir, readlink, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_CHUNK_BYTES, FileRangeStream } from "../../src/content/blobs/file-range-stream.js";
import {
  nodeStreamResponse,
  sendNodeStreamBody,
  withNodeStreamBodies,
} from "../../src/content/http/node-stream-body.js";

const sha = (data: Buffer) => createHash("sha256").update(data).digest("hex");

let dir: string;
const files: { path: string; data: Buffer }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "modelhub-file-bodies-"));
  // sizes around the chunk size: one byte short, exact, several chunks plus a tail
  for (const size of [FILE_CHUNK_BYTES - 1, FILE_CHUNK_BYTES, 3 * FILE_CHUNK_BYTES + 12345]) {
    const data = randomBytes(size);
    const path = join(dir, `file-${size}`);
    await writeFile(path, data);
    files.push({ path, data });
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Descriptors this process holds open on the test files. */
async function openFiles(): Promise<number> {
  const targets = await Promise.all(
    (await readdir("/proc/self/fd")).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => "")),
  );
  return targets.filter((target) => target.startsWith(dir)).length;
}

async function noFileLeftOpen(): Promise<void> {
  for (let i = 0; i < 50 && (await openFiles()) > 0; i++) await new Promise((r) => setTimeout(r, 20));
  expect(await openFiles()).toBe(0);
}

/** A Writable that keeps what it receives. */
function collector(): { sink: Writable; bytes(): Buffer } {
  const parts: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      parts.push(Buffer.from(chunk));
      done();
    },
  });
  return { sink, bytes: () => Buffer.concat(parts) };
}

describe("FileRangeStream", () => {
  it("reads a whole file or an inclusive range, as a stream and through sendTo", async () => {
    const { path, data } = files[2]!;
    const whole = await FileRangeStream.open(path);
    const parts: Buffer[] = [];
    for await (const part of whole) parts.push(part as Buffer);
    expect(sha(Buffer.concat(parts))).toBe(sha(data));

    const range = { start: FILE_CHUNK_BYTES - 7, end: 2 * FILE_CHUNK_BYTES + 3 };
    const out = collector();
    await (await FileRangeStream.open(path, range)).sendTo(out.sink);
    expect(out.bytes().equals(data.subarray(range.start, range.end + 1))).toBe(true);
  });

  it("fails, destroying the target, when the file is shorter than the range", async () => {
    const { path, data } = files[0]!;
    const stream = await FileRangeStream.open(path, { start: 0, end: data.length + 10 });
    const target = new PassThrough();
    target.resume();
    await expect(stream.sendTo(target)).rejects.toThrow(/ended before the requested range/);
    expect(target.destroyed).toBe(true);
    expect(stream.destroyed).toBe(true);
  });

  it("refuses sendTo once something read from it, and names a missing file on open", async () => {
    const stream = await FileRangeStream.open(files[0]!.path);
    await new Promise((resolve) => stream.once("data", resolve));
    stream.pause();
    expect(stream.untouched).toBe(false);
    await expect(stream.sendTo(collector().sink)).rejects.toThrow(/already read/);
    stream.destroy();
    await expect(FileRangeStream.open(join(dir, "absent"))).rejects.toMatchObject({ code: "ENOENT" });
  });
});

describe("nodeStreamResponse over a real Node server", () => {
  let url: string;
  let close: () => Promise<void>;
  const taken: boolean[] = [];

  beforeAll(async () => {
    const app = new Hono();
    // a middleware that adds headers after the handler: Hono rewraps the response around the same body
    app.use("*", async (c, next) => {
      await next();
      c.header("X-After", "yes");
      c.header("Set-Cookie", "a=1", { append: true });
      c.header("Set-Cookie", "b=2", { append: true });
    });
    app.get("/file/:index", async (c) => {
      const { path, data } = files[Number(c.req.param("index"))]!;
      const header = c.req.header("Range");
      const match = header ? /^bytes=(\d+)-(\d+)$/.exec(header) : null;
      const range = match ? { start: Number(match[1]), end: Number(match[2]) } : undefined;
      const length = range ? range.end - range.start + 1 : data.length;
      return nodeStreamResponse(c.env, await FileRangeStream.open(path, range), {
        status: range ? 206 : 200,
        headers: new Headers({ "Content-Length": String(length), ETag: `"${sha(data)}"` }),
      });
    });
    app.get("/replaced", async (c) => {
      nodeStreamResponse(c.env, await FileRangeStream.open(files[2]!.path), {
        status: 200,
        headers: new Headers(),
      });
      return c.json({ error: "changed my mind" }, 409);
    });
    const wrapped = withNodeStreamBodies(async (request, env) => {
      const response = await app.fetch(request, env);
      return response;
    });
    const server = serve(
      {
        fetch: async (request: Request, env: unknown) => {
          const answer = await wrapped(request, env);
          // RESPONSE_ALREADY_SENT has no body: the Node path took the response
          taken.push(answer.body === null);
          return answer;
        },
        port: 0,
        hostname: "127.0.0.1",
      },
      () => undefined,
    ) as http.Server;
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise<void>((done) => server.close(() => done()));
  });
  afterAll(() => close());

  it("sends exact bytes and the handler's and middleware's headers, many downloads at once", async () => {
    const requests = Array.from({ length: 18 }, (_, i) => {
      const index = i % files.length;
      const data = files[index]!.data;
      const range =
        i % 2 === 1 ? { start: (i * 7919) % 1000, end: data.length - 1 - ((i * 104729) % 5000) } : undefined;
      return { index, range, expected: range ? data.subarray(range.start, range.end + 1) : data };
    });
    const answers = await Promise.all(
      requests.map(async ({ index, range }) => {
        const res = await fetch(`${url}/file/${index}`, {
          headers: range ? { Range: `bytes=${range.start}-${range.end}` } : {},
        });
        return { res, body: Buffer.from(await res.arrayBuffer()) };
      }),
    );
    for (const [i, { res, body }] of answers.entries()) {
      const { range, expected, index } = requests[i]!;
      expect(res.status).toBe(range ? 206 : 200);
      expect(Number(res.headers.get("content-length"))).toBe(expected.length);
      expect(res.headers.get("etag")).toBe(`"${sha(files[index]!.data)}"`);
      expect(res.headers.get("x-after")).toBe("yes");
      expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
      expect(sha(body)).toBe(sha(expected));
    }
    expect(taken.slice(-requests.length).every(Boolean)).toBe(true);
  });

  it("closes the file when the client goes away mid-body", async () => {
    for (let i = 0; i < 5; i++)
      await new Promise<void>((resolve) => {
        const req = http.get(`${url}/file/2`, (res) => {
          res.once("data", () => {
            req.destroy();
            resolve();
          });
        });
        req.on("error", () => resolve());
      });
    await noFileLeftOpen();
  });

  it("closes a built body the route replaced with another answer", async () => {
    const res = await fetch(`${url}/replaced`);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "changed my mind" });
    expect(taken.at(-1)).toBe(false);
    await noFileLeftOpen();
  });

  it("leaves every other response untouched (never reads its body)", () => {
    const other = new Response("plain");
    Object.defineProperty(other, "body", {
      get() {
        throw new Error("the body was read");
      },
    });
    const outgoing = { writeHead: () => undefined };
    expect(sendNodeStreamBody(other, outgoing as unknown as http.ServerResponse)).toBe(false);
  });

  it("keeps a working web body where no Node server sends it", async () => {
    const { path, data } = files[1]!;
    const response = nodeStreamResponse(undefined, await FileRangeStream.open(path), {
      status: 200,
      headers: new Headers({ "Content-Length": String(data.length) }),
    });
    expect(sha(Buffer.from(await response.arrayBuffer()))).toBe(sha(data));
  });
});
