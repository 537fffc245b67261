/**
 * The tokenizer thread (see `prompt-tokenizer.ts`): node-llama-cpp with each GGUF's vocabulary only
 * (no weights), writing chat prompts with the model's own chat template and tokenising prompts exactly
 * as the loaded model would, off the event loop.
 */
import type { ChatHistoryItem, ChatWrapper, LlamaModel, Token } from "node-llama-cpp";
import { serveJobs, type JobAnswer } from "../../offload/thread-jobs.js";

const MAX_VOCABULARIES = 4;

const lib = await import("node-llama-cpp");
const llama = await lib.getLlama({
  gpu: false,
  build: "never",
  progressLogs: false,
  logLevel: lib.LlamaLogLevel.error,
  logger: () => undefined,
});
/** Vocabularies by GGUF path, most recently used last. */
const vocabularies = new Map<string, Promise<LlamaModel>>();

function vocabulary(modelPath: string): Promise<LlamaModel> {
  const known = vocabularies.get(modelPath);
  if (known) {
    vocabularies.delete(modelPath);
    vocabularies.set(modelPath, known);
    return known;
  }
  const loading = llama.loadModel({ modelPath, vocabOnly: true });
  loading.catch(() => vocabularies.delete(modelPath));
  vocabularies.set(modelPath, loading);
  while (vocabularies.size > MAX_VOCABULARIES) {
    const [oldest, model] = vocabularies.entries().next().value as [string, Promise<LlamaModel>];
    vocabularies.delete(oldest);
    void model.then((m) => m.dispose()).catch(() => undefined);
  }
  return loading;
}

/** Each model's chat wrapper, resolved once from its GGUF (template checks take a while). */
const wrappers = new Map<string, ChatWrapper>();

function chatWrapper(modelPath: string, model: LlamaModel): ChatWrapper {
  let wrapper = wrappers.get(modelPath);
  if (!wrapper) {
    wrapper = lib.resolveChatWrapper(model);
    wrappers.set(modelPath, wrapper);
    if (wrappers.size > MAX_VOCABULARIES) wrappers.delete(wrappers.keys().next().value as string);
  }
  return wrapper;
}

function completionTokens(model: LlamaModel, text: string): Token[] {
  const tokens = model.tokenize(text);
  const bos = model.tokens.bos;
  return model.tokens.shouldPrependBosToken && bos !== null && tokens[0] !== bos ? [bos, ...tokens] : tokens;
}

serveJobs(async (message): Promise<JobAnswer> => {
  const model = await vocabulary(String(message.modelPath));
  let lists: Token[][];
  switch (message.op) {
    case "completion":
      lists = [completionTokens(model, String(message.text))];
      break;
    case "chat": {
      // An empty model turn at the end makes the template write the assistant's opening.
      const history = [...(message.history as ChatHistoryItem[]), { type: "model" as const, response: [] }];
      const { contextText } = chatWrapper(String(message.modelPath), model).generateContextState({
        chatHistory: history,
      });
      lists = [contextText.tokenize(model.tokenizer)];
      break;
    }
    case "plain":
      lists = (message.texts as string[]).map((text) => model.tokenize(text, false));
      break;
    default:
      throw new Error(`unknown job ${String(message.op)}`);
  }
  const arrays = lists.map((tokens) => Uint32Array.from(tokens));
  return { value: arrays, transfer: arrays.map((array) => array.buffer) };
});
