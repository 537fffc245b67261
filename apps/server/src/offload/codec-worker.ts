/**
 * The codec thread (see `codec.ts`): parses JSON bodies, writes JSON for backends and parses card
 * YAML, off the event loop. A refused body (bad JSON, too deep,
 * too many values) comes back as `{ refused: { status, message } }`, a parsed one as `{ parsed }`.
 */
import type { MessagePort } from "node:worker_threads";
import { parseCard } from "../cards/front-matter.js";
import { parseCheckedJson, RefusedJson } from "./json-checks.js";
import { serveJobs, type JobAnswer } from "./thread-jobs.js";

const encoder = new TextEncoder();

/** A body's bytes, sent chunk by chunk on `port` and closed by `null` (or `"abort"`). */
function received(port: MessagePort): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const parts: Uint8Array[] = [];
    port.on("message", (chunk: Uint8Array | null | "abort") => {
      if (chunk !== null && chunk !== "abort") return void parts.push(chunk);
      port.close();
      if (chunk === "abort") reject(new Error("the request body was not received whole"));
      else resolve(Buffer.concat(parts));
    });
  });
}

serveJobs(async (message): Promise<JobAnswer> => {
  switch (message.op) {
    case "parse-json": {
      const bytes =
        message.port !== undefined
          ? await received(message.port as MessagePort)
          : (message.bytes as ArrayBuffer);
      const text = new TextDecoder().decode(bytes);
      try {
        return { value: { parsed: parseCheckedJson(text) } };
      } catch (error) {
        if (error instanceof RefusedJson)
          return { value: { refused: { status: error.status, message: error.message } } };
        throw error;
      }
    }
    case "encode-json": {
      const bytes = encoder.encode(JSON.stringify(message.value));
      return { value: bytes, transfer: [bytes.buffer] };
    }
    case "parse-card":
      return { value: parseCard(String(message.text)) };
    default:
      throw new Error(`unknown job ${String(message.op)}`);
  }
});
