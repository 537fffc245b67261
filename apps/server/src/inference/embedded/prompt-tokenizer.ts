import type { ChatHistoryItem, Token } from "node-llama-cpp";
import { siblingEntry, ThreadJobError, ThreadPool } from "../../offload/thread-pool.js";
import { HttpError } from "../../domain/errors.js";

/** A tokenisation running longer than this stops the tokenizer thread (the call answers 503). */
const TOKENIZE_TIMEOUT_MS = 60_000;

let pool: ThreadPool | undefined;

/** One tokenizer thread per process, shared by every embedded backend in it; started on first use. */
function tokenizerPool(): ThreadPool {
  pool ??= new ThreadPool({
    name: "tokenizer",
    entry: siblingEntry(import.meta.url, "tokenizer-worker"),
    threads: 1,
    timeoutMs: TOKENIZE_TIMEOUT_MS,
  });
  return pool;
}

async function tokenize(message: Record<string, unknown>): Promise<Token[][]> {
  try {
    const arrays = await tokenizerPool().run<Uint32Array[]>(message);
    return arrays.map((array) => Array.from(array) as Token[]);
  } catch (error) {
    if (error instanceof ThreadJobError)
      throw new HttpError(503, `The embedded backend could not tokenise the input: ${error.message}`);
    throw error;
  }
}

/**
 * Prompts tokenised on the tokenizer thread: llama.cpp's tokenizer is synchronous and about 2 MB/s,
 * so even a prompt within the character bound would hold the event loop for tens of milliseconds.
 * The thread loads only each GGUF's vocabulary and gives the tokens the model itself would.
 */
export const promptTokenizer = {
  /** A raw completion prompt, with the BOS token the model wants in front. */
  async completion(modelPath: string, text: string): Promise<Token[]> {
    return (await tokenize({ op: "completion", modelPath, text }))[0];
  },
  /** A chat, written by the model's own chat template (special tokens as tokens), ready for its answer. */
  async chat(modelPath: string, history: ChatHistoryItem[]): Promise<Token[]> {
    return (await tokenize({ op: "chat", modelPath, history }))[0];
  },
  /** Texts as plain text (no special tokens, no BOS), e.g. inputs to embed. */
  plain(modelPath: string, texts: string[]): Promise<Token[][]> {
    return tokenize({ op: "plain", modelPath, texts });
  },
};
