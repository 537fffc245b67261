import { defineProvider } from "./define-provider.js";
import { chatCompletion, jsonTask } from "./helpers.js";

const ROUTE = "openai/v1/chat/completions";

export const groq = defineProvider({
  id: "groq",
  hubOrg: "groq",
  directBaseUrl: "https://api.groq.com",
  tasks: {
    conversational: chatCompletion(ROUTE),
    // Plain generation uses the chat route with the caller's arguments followed by the model.
    "text-generation": jsonTask(ROUTE, ({ args, providerModelId }) => ({ ...args, model: providerModelId })),
  },
});
