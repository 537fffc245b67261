import { defineProvider } from "./define-provider.js";
import { chatCompletion } from "./helpers.js";

export const baseten = defineProvider({
  id: "baseten",
  hubOrg: "baseten",
  directBaseUrl: "https://inference.baseten.co",
  tasks: {
    conversational: chatCompletion("v1/chat/completions"),
  },
});
