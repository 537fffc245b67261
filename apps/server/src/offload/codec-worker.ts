/**
 * The codec thread (see `codec.ts`): parses JSON bodies, writes JSON for backends and parses card
 * YAML, off the event loop. A refused body (bad JSON, too deep,
 * too many values) comes back as `{ refused: { status, message } }`, a parsed one as `{ parsed }`.
 */
import { parseCard } from "../content/derive/front-matter.js";
import { parseCheckedJson, RefusedJson } from "./json-checks.js";
import { serveJobs, type JobAnswer } from "./thread-jobs.js";

const encoder = new TextEncoder();

serveJobs((message): JobAnswer => {
  switch (message.op) {
    case "parse-json": {
      const text = new TextDecoder().decode(message.bytes as ArrayBuffer);
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
