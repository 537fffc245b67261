export { getModelInputSnippet, getModelInputValue, TASKS_WITH_INPUT_EXAMPLE } from "./model-input.js";
export { modelInputLiteral, messagesLiteral } from "./input-literal.js";
export {
  NO_INPUT_EXAMPLE,
  type ModelInputValue,
  type InputParameters,
  type JsonObject,
} from "./input-value.js";
