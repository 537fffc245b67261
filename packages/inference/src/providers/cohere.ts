import { defineProvider } from "./define-provider.js";
import { chatCompletion } from "./helpers.js";

export const cohere = defineProvider({
  id: "cohere",
  hubOrg: "CohereLabs",
  directBaseUrl: "https://api.cohere.com",
  tasks: {
    conversational: chatCompletion("compatibility/v1/chat/completions"),
  },
});
