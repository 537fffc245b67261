import { splitArgs } from "../request/body.js";
import { defineProvider } from "./define-provider.js";
import { asDataUrl, chatCompletion, jsonTask } from "./helpers.js";

export const zaiOrg = defineProvider({
  id: "zai-org",
  hubOrg: "zai-org",
  directBaseUrl: "https://api.z.ai",
  headers: { "x-source-channel": "hugging_face", "accept-language": "en-US,en" },
  tasks: {
    conversational: chatCompletion("api/paas/v4/chat/completions"),
    "text-to-image": jsonTask(
      "api/paas/v4/async/images/generations",
      ({ args, providerModelId }) => {
        const { inputs, parameters, rest } = splitArgs(args);
        return { ...rest, ...parameters, model: providerModelId, prompt: inputs ?? "" };
      },
      "job",
    ),
    "image-to-text": jsonTask("api/paas/v4/layout_parsing", ({ args, providerModelId }) => ({
      model: providerModelId,
      file: asDataUrl(args.inputs) ?? null,
    })),
  },
});
