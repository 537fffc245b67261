import { python, pyValue, raw, shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { chatMessagesOf, messagesLiteral } from "../helpers.js";

/** MLC LLM: compiled LLMs served from `HF://` repositories, in an interactive CLI or the OpenAI-style engine. */
export function mlcLlmSnippets(model: ModelData): string[] {
  const location = `HF://${model.id}`;
  const messages = pyValue(messagesLiteral(chatMessagesOf(model)), 1);
  return [
    shell`python -m pip install --pre -U -f https://mlc.ai/wheels mlc-llm-nightly-cpu mlc-ai-nightly-cpu
mlc_llm chat ${location}`,
    python`from mlc_llm import MLCEngine

engine = MLCEngine(${location})
stream = engine.chat.completions.create(
    model=${location},
    messages=${raw(messages)},
    stream=True,
)
for chunk in stream:
    for choice in chunk.choices:
        print(choice.delta.content, end="", flush=True)
engine.terminate()`,
  ];
}
