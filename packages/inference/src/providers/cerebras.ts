import { defineProvider } from "./define-provider.js";
import { chatCompletion } from "./helpers.js";

export const cerebras = defineProvider({
  id: "cerebras",
  hubOrg: "cerebras",
  directBaseUrl: "https://api.cerebras.ai",
  tasks: {
    conversational: chatCompletion("v1/chat/completions", { drop: ["store"] }),
  },
});
