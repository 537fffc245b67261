import { compact, splitArgs } from "../request/body.js";
import { defineProvider } from "./define-provider.js";
import { chatCompletion, jsonTask, pathOf } from "./helpers.js";

const CHAT_ROUTE = "v3/openai/chat/completions";

export const novita = defineProvider({
  id: "novita",
  hubOrg: "novita",
  directBaseUrl: "https://api.novita.ai",
  tasks: {
    conversational: chatCompletion(CHAT_ROUTE),
    "text-generation": jsonTask(CHAT_ROUTE, ({ args, providerModelId }) => ({
      ...args,
      model: providerModelId,
    })),
    "text-to-video": jsonTask(
      (ctx) => `v3/async/${pathOf(ctx.providerModelId)}`,
      ({ args }) => {
        const { inputs, parameters, rest } = splitArgs(args);
        const { num_inference_steps, ...otherParameters } = parameters;
        return compact({ ...rest, ...otherParameters, steps: num_inference_steps, prompt: inputs });
      },
      "job",
    ),
  },
});
