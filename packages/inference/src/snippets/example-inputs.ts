import { getModelInputValue, type LiteralValue, type ModelData } from "@modelhub/tasks";

/** A task's example input: the main value plus parameters that travel beside it (e.g. candidate labels). */
export interface Example {
  value: unknown;
  parameters?: Record<string, LiteralValue>;
}

const CHAT_FALLBACK = [{ role: "user", content: "What is the capital of France?" }];

/** The example input of the model's task, from @modelhub/tasks (which prefers the model's widget data). */
export function exampleInput(model: ModelData, conversational: boolean): Example {
  const found = getModelInputValue(model);
  if (conversational) return { value: found?.kind === "messages" ? found.value : CHAT_FALLBACK };
  if (!found) return { value: undefined };
  if (found.kind === "text" || found.kind === "file")
    return { value: found.value, parameters: found.parameters };
  return { value: found.value };
}
