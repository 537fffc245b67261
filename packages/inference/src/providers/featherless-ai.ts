import { defineProvider } from "./define-provider.js";
import { chatCompletion, textCompletion } from "./helpers.js";

export const featherlessAi = defineProvider({
  id: "featherless-ai",
  hubOrg: "featherless-ai",
  directBaseUrl: "https://api.featherless.ai",
  tasks: {
    conversational: chatCompletion("v1/chat/completions"),
    "text-generation": textCompletion("v1/completions"),
  },
});
