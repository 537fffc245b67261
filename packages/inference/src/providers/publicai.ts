import { defineProvider } from "./define-provider.js";
import { chatCompletion } from "./helpers.js";

export const publicai = defineProvider({
  id: "publicai",
  hubOrg: "publicai",
  directBaseUrl: "https://api.publicai.co",
  tasks: {
    conversational: chatCompletion("v1/chat/completions"),
  },
});
