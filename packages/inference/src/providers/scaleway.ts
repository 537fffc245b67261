import { compact, splitArgs } from "../request/body.js";
import { defineProvider } from "./define-provider.js";
import { chatCompletion, embeddings, jsonTask } from "./helpers.js";

export const scaleway = defineProvider({
  id: "scaleway",
  hubOrg: "scaleway",
  directBaseUrl: "https://api.scaleway.ai",
  tasks: {
    conversational: chatCompletion("v1/chat/completions"),
    "text-generation": jsonTask("v1/completions", ({ args, providerModelId }) => {
      const { inputs, parameters, rest } = splitArgs(args);
      return compact({ model: providerModelId, ...rest, ...parameters, prompt: inputs });
    }),
    "feature-extraction": embeddings("v1/embeddings"),
  },
});
