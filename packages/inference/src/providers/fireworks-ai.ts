import { defineProvider } from "./define-provider.js";
import { chatCompletion } from "./helpers.js";

export const fireworksAi = defineProvider({
  id: "fireworks-ai",
  hubOrg: "fireworks-ai",
  directBaseUrl: "https://api.fireworks.ai",
  tasks: {
    conversational: chatCompletion("inference/v1/chat/completions"),
  },
});
