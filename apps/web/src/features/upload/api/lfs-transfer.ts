import type { LfsBatchObject } from "@modelhub/api-types";
import { putWithProgress, TransferError, withRetries, type PutAnswer } from "./put-with-progress.js";

const LFS_TYPE = "application/vnd.git-lfs+json";
/** Parts sent at once: enough to fill a LAN link, few enough to keep the browser responsive. */
const PARALLEL_PARTS = 3;

/** The page's origin when the hub hands out an absolute URL on it (keeps requests same-origin). */
function local(url: string): string {
  const target = new URL(url, window.location.origin);
  return target.origin === window.location.origin ? target.pathname + target.search : target.toString();
}

function refusal(answer: PutAnswer, what: string): Error {
  let message = `${what} was refused (HTTP ${answer.status})`;
  try {
    const body = JSON.parse(answer.body) as { error?: unknown; message?: unknown };
    const text = typeof body.error === "string" ? body.error : body.message;
    if (typeof text === "string" && text) message = `${what}: ${text}`;
  } catch {
    // not JSON: keep the status
  }
  return new Error(message);
}

/** One PUT, retried after lost connections and 5xx answers; 4xx answers are final. */
async function putOnce(
  url: string,
  body: Blob,
  onSent: (sent: number) => void,
  what: string,
  signal?: AbortSignal,
) {
  const answer = await withRetries(async () => {
    const result = await putWithProgress(local(url), body, onSent, signal);
    if (result.status >= 500) throw new TransferError(`${what}: the hub answered ${result.status}`);
    return result;
  }, signal);
  if (answer.status >= 400) throw refusal(answer, what);
  return answer;
}

async function runPool<T>(items: T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}

/**
 * Sends one LFS object as the batch answer says: a single signed PUT, or (when the hub gives a
 * `chunk_size`) its parts in parallel, skipping parts the hub already holds from an interrupted try,
 * then the completion call. `onSent` gets the bytes sent so far.
 */
export async function uploadLfsObject(
  object: LfsBatchObject,
  file: Blob,
  name: string,
  onSent: (sent: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const action = object.actions?.upload;
  if (!action) return onSent(file.size); // the hub has it already
  const header = action.header ?? {};
  if (!header.chunk_size) {
    await putOnce(action.href, file, onSent, `Uploading ${name}`, signal);
    return;
  }
  const chunk = Number(header.chunk_size);
  const parts = Object.keys(header)
    .filter((key) => /^\d+$/.test(key))
    .map(Number)
    .sort((a, b) => a - b);
  const sent = new Map<number, number>();
  const report = () => onSent([...sent.values()].reduce((sum, bytes) => sum + bytes, 0));
  const etags = new Map<number, string>();
  await runPool(parts, PARALLEL_PARTS, async (part) => {
    const url = local(header[String(part)]);
    const slice = file.slice((part - 1) * chunk, part * chunk);
    const probe = await fetch(url, { method: "HEAD", credentials: "omit", signal }).catch(() => undefined);
    const stored = probe?.ok ? probe.headers.get("ETag") : null;
    if (stored) {
      etags.set(part, stored);
      sent.set(part, slice.size);
      return report();
    }
    const answer = await putOnce(
      url,
      slice,
      (bytes) => {
        sent.set(part, bytes);
        report();
      },
      `Uploading part ${part} of ${name}`,
      signal,
    );
    etags.set(part, answer.etag ?? "");
  });
  const completion = await withRetries(async () => {
    const response = await fetch(local(action.href), {
      method: "POST",
      credentials: "omit",
      headers: { Accept: LFS_TYPE, "Content-Type": LFS_TYPE },
      body: JSON.stringify({
        oid: object.oid,
        parts: parts.map((part) => ({ partNumber: part, etag: etags.get(part) ?? "" })),
      }),
      signal,
    }).catch(() => {
      throw new TransferError(`Finishing ${name}: the connection to the hub was lost`);
    });
    if (response.status >= 500)
      throw new TransferError(`Finishing ${name}: the hub answered ${response.status}`);
    return response;
  }, signal);
  if (!completion.ok)
    throw refusal(
      { status: completion.status, etag: null, body: await completion.text() },
      `Finishing ${name}`,
    );
}
