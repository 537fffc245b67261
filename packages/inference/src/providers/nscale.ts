import { defineProvider } from "./define-provider.js";
import { chatCompletion, imageGeneration } from "./helpers.js";

export const nscale = defineProvider({
  id: "nscale",
  hubOrg: "nscale",
  directBaseUrl: "https://inference.api.nscale.com",
  tasks: {
    conversational: chatCompletion("v1/chat/completions"),
    "text-to-image": imageGeneration("v1/images/generations"),
  },
});
