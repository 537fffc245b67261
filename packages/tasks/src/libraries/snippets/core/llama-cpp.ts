import { pyValue, python, raw, shell } from "../../../code/index.js";
import { llamaCppSource } from "../../../local-apps/apps.js";
import { pickGGUFChoice } from "../../../local-apps/gguf-choices.js";
import { endpointPrefix } from "../../../local-apps/shell-parts.js";
import type { ModelData } from "../../../model/model-data.js";
import { isConversational } from "../../../model/model-data-readers.js";
import { chatMessagesOf, messagesLiteral, textInputOf } from "../helpers.js";
import type { LibrarySnippetOptions } from "../types.js";

const DEFAULT_PROMPT = "Once upon a time,";

/** The GGUF file a snippet loads: the Local apps card's default (Q4_K_M or nearest), else any. */
function ggufFile(model: ModelData): string {
  return pickGGUFChoice(model)?.file ?? "*.gguf";
}

/** llama-cpp-python: downloads one GGUF file (through huggingface_hub) and chats with it. */
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

/**
 * llama.cpp (GGUF): install, then serve or chat from the command line. Same file choice and endpoint
 * rule as the Local apps card: the default quant, and MODEL_ENDPOINT set to any hub but huggingface.co.
 */
export function llamaCppSnippets(model: ModelData, options: LibrarySnippetOptions = {}): string[] {
  const env = endpointPrefix("MODEL_ENDPOINT", options.hubUrl ?? "https://huggingface.co");
  const source = raw(llamaCppSource(model, {}));
  return [
    shell`# Install llama.cpp (Homebrew on macOS/Linux; see the repository for other options)
brew install llama.cpp

# Start an OpenAI-compatible server on http://localhost:8080
${env}llama-server ${source}`,
    shell`# Or chat with the model in the terminal
${env}llama-cli ${source}`,
  ];
}
