import { defineProvider } from "./define-provider.js";
import { chatCompletion } from "./helpers.js";

/** Reached only with an OpenAI key: the router does not forward Hugging Face tokens to it. */
export const openai = defineProvider({
  id: "openai",
  hubOrg: "openai",
  directBaseUrl: "https://api.openai.com",
  routable: false,
  tasks: {
    conversational: chatCompletion("v1/chat/completions"),
  },
});
