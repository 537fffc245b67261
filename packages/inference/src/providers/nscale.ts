import { splitArgs } from "../request/body.js";
import { defineProvider } from "./define-provider.js";
import { chatCompletion, jsonTask } from "./helpers.js";

export const nscale = defineProvider({
  id: "nscale",
  hubOrg: "nscale",
  directBaseUrl: "https://inference.api.nscale.com",
  tasks: {
    conversational: chatCompletion("v1/chat/completions"),
    "text-to-image": jsonTask("v1/images/generations", ({ args, providerModelId }) => {
      const { inputs, parameters, rest } = splitArgs(args);
      return {
        ...rest,
        ...parameters,
        response_format: "b64_json",
        prompt: inputs ?? "",
        model: providerModelId,
      };
    }),
  },
});
