import { defineProvider } from "./define-provider.js";
import {
  chatCompletion,
  embeddings,
  imageGeneration,
  speech,
  textCompletion,
  transcription,
} from "./helpers.js";

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
    // A LoRA mapping names its own deployment in `providerId`, so LoRA variants are called the same way.
    "text-to-image": imageGeneration("v1/openai/images/generations"),
  },
});
