import { defineProvider } from "./define-provider.js";
import { chatCompletion, embeddings, speech, textCompletion, transcription } from "./helpers.js";

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
  },
});
