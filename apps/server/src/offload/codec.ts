import { setImmediate as nextTurn } from "node:timers/promises";
import { MessageChannel } from "node:worker_threads";
import { parseCard, type CardResult } from "../cards/front-matter.js";
import { HttpError } from "../domain/errors.js";
import { parseCheckedJson, RefusedJson } from "./json-checks.js";
import { siblingEntry, ThreadJobError, ThreadPool } from "./thread-pool.js";

/**
 * Bodies, answers and cards larger than this are parsed or written on the codec thread; smaller ones
 * on the event loop, where they take well under a millisecond.
 */
export const INLINE_CODEC_BYTES = 64 * 1024;

/** A large body crosses to the codec thread in blocks of this size (fewer messages than chunks). */
const BLOCK_BYTES = 1024 * 1024;

/**
 * Bytes of large bodies the codec thread may be receiving at once (each reserves its Content-Length, or
 * 16 MiB at a time without one); a body that does not fit waits, unread, for others to finish.
 */
export const BODY_BUDGET_BYTES = 128 * 1024 * 1024;
const UNKNOWN_LENGTH_STEP = 16 * 1024 * 1024;

/** A first-come, first-served budget of bytes. */
class ByteBudget {
  private used = 0;
  private readonly waiting: { bytes: number; go: () => void }[] = [];

  constructor(private readonly limit: number) {}

  async reserve(bytes: number): Promise<() => void> {
    const wanted = Math.min(bytes, this.limit);
    if (this.waiting.length === 0 && this.used + wanted <= this.limit) this.used += wanted;
    // a waiter's bytes are counted by the release that lets it go
    else await new Promise<void>((go) => this.waiting.push({ bytes: wanted, go }));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= wanted;
      while (this.waiting.length > 0 && this.used + this.waiting[0].bytes <= this.limit) {
        const next = this.waiting.shift()!;
        this.used += next.bytes;
        next.go();
      }
    };
  }
}

const bodyBudget = new ByteBudget(BODY_BUDGET_BYTES);

/** Longest stretch the event loop spends handing a body's chunks to the codec thread at once. */
const SLICE_MS = 2;

/** A parse running longer than this stops the thread (the request fails with 413). */
const CODEC_TIMEOUT_MS = 30_000;

let pool: ThreadPool | undefined;

type ParseAnswer = { parsed: unknown } | { refused: { status: 400 | 413; message: string } };

/** One thread per process for every hub in it (tests start several), started on first use. */
function codecPool(): ThreadPool {
  pool ??= new ThreadPool({
    name: "JSON and YAML parser",
    entry: siblingEntry(import.meta.url, "codec-worker"),
    threads: 1,
    timeoutMs: CODEC_TIMEOUT_MS,
    resourceLimits: { maxOldGenerationSizeMb: 1024 },
  });
  return pool;
}

/**
 * A request body's JSON (rules in `parseCheckedJson`); any problem is an `HttpError` (400, or 413). Large
 * bodies are decoded and parsed on the codec thread, so a 16 MiB body holds the event loop only for
 * the structured clone of its result (a few milliseconds).
 */
export async function parseJsonBody(bytes: Uint8Array): Promise<unknown> {
  if (bytes.byteLength <= INLINE_CODEC_BYTES) {
    try {
      return parseCheckedJson(new TextDecoder().decode(bytes));
    } catch (error) {
      if (error instanceof RefusedJson) throw new HttpError(error.status, error.message);
      throw error;
    }
  }
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const buffer = (own ? bytes.buffer : bytes.slice().buffer) as ArrayBuffer;
  return answerOf(codecPool().run<ParseAnswer>({ op: "parse-json", bytes: buffer }, [buffer]));
}

/**
 * A request body's JSON read from its stream (rules in `parseCheckedJson`). A small body is parsed in
 * place; once a body passes `INLINE_CODEC_BYTES`, every chunk is copied to the codec thread as it
 * arrives, so the event loop never holds the whole body, never copies it in one piece and never
 * parses it: it only receives the parsed value.
 */
export async function parseJsonStream(
  body: ReadableStream<Uint8Array> | null,
  declaredBytes?: number,
): Promise<unknown> {
  if (!body) return parseJsonBody(new Uint8Array(0));
  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parseJsonBody(Buffer.concat(head));
    head.push(value);
    size += value.byteLength;
    if (size > INLINE_CODEC_BYTES) break;
  }
  // the body's size is reserved before it is read on: past the budget, its socket waits (backpressure)
  let reserved = declaredBytes !== undefined && declaredBytes >= size ? declaredBytes : UNKNOWN_LENGTH_STEP;
  const releases = [await bodyBudget.reserve(reserved)];
  try {
    return await streamToThread(reader, head, size, async (total) => {
      while (total > reserved) {
        releases.push(await bodyBudget.reserve(UNKNOWN_LENGTH_STEP));
        reserved += UNKNOWN_LENGTH_STEP;
      }
    });
  } finally {
    for (const release of releases) release();
  }
}

async function streamToThread(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  head: Uint8Array[],
  headSize: number,
  grow: (total: number) => Promise<void>,
): Promise<unknown> {
  let size = headSize;
  const channel = new MessageChannel();
  const parsing = codecPool().run<ParseAnswer>(
    { op: "parse-json", port: channel.port2 },
    [channel.port2],
    false,
  );
  // a refusal or a crash of the thread ends the reading too
  parsing.catch(() => undefined);
  // chunks are gathered into blocks of BLOCK_BYTES, each moved (not copied again) to the thread
  let block = new Uint8Array(BLOCK_BYTES);
  let filled = 0;
  const flush = () => {
    if (filled === 0) return;
    const full = filled === block.byteLength ? block : block.slice(0, filled);
    channel.port1.postMessage(full, [full.buffer]);
    block = new Uint8Array(BLOCK_BYTES);
    filled = 0;
  };
  const send = (chunk: Uint8Array) => {
    let offset = 0;
    while (offset < chunk.byteLength) {
      const take = Math.min(chunk.byteLength - offset, BLOCK_BYTES - filled);
      block.set(chunk.subarray(offset, offset + take), filled);
      filled += take;
      offset += take;
      if (filled === BLOCK_BYTES) flush();
    }
  };
  try {
    for (const chunk of head) send(chunk);
    // chunks already buffered resolve in microtasks: give the event loop back every few milliseconds
    let sliceStart = performance.now();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      await grow(size);
      send(value);
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTurn();
        sliceStart = performance.now();
      }
    }
    flush();
    channel.port1.postMessage(null);
  } catch (error) {
    channel.port1.postMessage("abort");
    throw error;
  } finally {
    channel.port1.close();
  }
  return answerOf(parsing);
}

async function answerOf(parsing: Promise<ParseAnswer>): Promise<unknown> {
  let answer: ParseAnswer;
  try {
    answer = await parsing;
  } catch (error) {
    if (error instanceof ThreadJobError)
      throw new HttpError(413, `Request body could not be parsed within this hub's limits: ${error.message}`);
    throw error;
  }
  if ("refused" in answer) throw new HttpError(answer.refused.status, answer.refused.message);
  return answer.parsed;
}

/**
 * `JSON.stringify(value)` as UTF-8 (or as text when small), written on the codec thread when the value
 * holds much text: what the gateway sends to an HTTP backend.
 */
export async function encodeJson(value: unknown): Promise<string | Uint8Array> {
  if (!exceeds(value, INLINE_CODEC_BYTES)) return JSON.stringify(value);
  return codecPool().run<Uint8Array>({ op: "encode-json", value });
}

/** A README's card (see `parseCard`), parsed on the codec thread when long: YAML costs about 1.5 ms per KiB. */
export async function parseCardOffThread(readme: string): Promise<CardResult> {
  if (readme.length <= INLINE_CARD_CHARS) return parseCard(readme);
  try {
    return await codecPool().run<CardResult>({ op: "parse-card", text: readme });
  } catch (error) {
    if (!(error instanceof ThreadJobError)) throw error;
    return { warning: `README.md front matter could not be read: ${error.message}` };
  }
}

/** Cards shorter than this are parsed in place (a few milliseconds of YAML at most). */
const INLINE_CARD_CHARS = 4 * 1024;

/** Whether the JSON text of `value` would be longer than `limit` characters (a rough lower bound). */
function exceeds(value: unknown, limit: number): boolean {
  let size = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string") size += item.length + 2;
    else if (Array.isArray(item)) {
      size += item.length + 2;
      for (const child of item) stack.push(child);
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        size += key.length + 4;
        stack.push(child);
      }
    } else size += 4;
    if (size > limit) return true;
  }
  return false;
}
