import { defineProvider } from "./define-provider.js";
import { chatCompletion, textCompletion } from "./helpers.js";

export const ovhcloud = defineProvider({
  id: "ovhcloud",
  hubOrg: "ovhcloud",
  directBaseUrl: "https://oai.endpoints.kepler.ai.cloud.ovh.net",
  tasks: {
    conversational: chatCompletion("v1/chat/completions"),
    "text-generation": textCompletion("v1/completions"),
  },
});
