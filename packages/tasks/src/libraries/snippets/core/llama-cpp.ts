import { pyValue, python, raw, shell } from "../../../code/index.js";
import { parseGGUFQuantLabel } from "../../../gguf/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { isConversational } from "../../../model/model-data-readers.js";
import { chatMessagesOf, filesWithExtension, messagesLiteral, textInputOf } from "../helpers.js";

const DEFAULT_PROMPT = "Once upon a time,";

/** The GGUF file a snippet should load: the first listed, else a pattern matching any. */
function ggufFile(model: ModelData): string {
  return filesWithExtension(model, "gguf")[0] ?? "*.gguf";
}

/** llama-cpp-python: downloads one GGUF file and chats with it (or completes a prompt). */
export function llamaCppPythonSnippets(model: ModelData): string[] {
  const load = python`from llama_cpp import Llama

llm = Llama.from_pretrained(
    repo_id=${model.id},
    filename=${ggufFile(model)},
)
`;
  if (isConversational(model) || model.gguf?.chat_template !== undefined) {
    const messages = raw(pyValue(messagesLiteral(chatMessagesOf(model))));
    return [`${load}\n${python`llm.create_chat_completion(messages=${messages})`}`];
  }
  return [
    `${load}\n${python`output = llm(${textInputOf(model) ?? DEFAULT_PROMPT}, max_tokens=64)\nprint(output)`}`,
  ];
}

/** The `repo:quant` reference llama.cpp downloads from the Hub. */
function llamaCppReference(model: ModelData): string {
  const files = filesWithExtension(model, "gguf");
  const quant = files.map(parseGGUFQuantLabel).find((label) => label !== undefined);
  return quant ? `${model.id}:${quant}` : model.id;
}

/** llama.cpp (GGUF): install, then serve or chat from the command line. */
export function llamaCppSnippets(model: ModelData): string[] {
  const reference = llamaCppReference(model);
  return [
    shell`# Install llama.cpp (Homebrew on macOS/Linux; see the repository for other options)
brew install llama.cpp

# Start an OpenAI-compatible server on http://localhost:8080
llama-server -hf ${reference}`,
    shell`# Or chat with the model in the terminal
llama-cli -hf ${reference}`,
  ];
}
