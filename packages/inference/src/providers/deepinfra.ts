import { splitArgs } from "../request/body.js";
import { defineProvider } from "./define-provider.js";
import { chatCompletion, embeddings, jsonTask, speech, textCompletion, transcription } from "./helpers.js";

/** DeepInfra's OpenAI-compatible API lives under `/v1/openai`. */
export const deepinfra = defineProvider({
  id: "deepinfra",
  hubOrg: "DeepInfra",
  directBaseUrl: "https://api.deepinfra.com",
  tasks: {
    conversational: chatCompletion("v1/openai/chat/completions"),
    "text-generation": textCompletion("v1/openai/completions"),
    "feature-extraction": embeddings("v1/openai/embeddings"),
    "text-to-speech": speech("v1/openai/audio/speech"),
    "automatic-speech-recognition": transcription("v1/openai/audio/transcriptions"),
    // OpenAI image generation; the image comes back base64-encoded in JSON. A LoRA mapping names its
    // own deployment in `providerId`, so LoRA variants are called the same way.
    "text-to-image": jsonTask("v1/openai/images/generations", ({ args, providerModelId }) => {
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
