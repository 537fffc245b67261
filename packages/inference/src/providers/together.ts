import { compact, isBodyObject, splitArgs, type BodyObject } from "../request/body.js";
import { LocalFile } from "../request/local-file.js";
import { defineProvider } from "./define-provider.js";
import {
  asDataUrl,
  chatCompletion,
  embeddings,
  jsonTask,
  renameSteps,
  speech,
  transcription,
} from "./helpers.js";

/** Video parameters: `steps` instead of `num_inference_steps`, `target_size` flattened. */
function videoParameters(parameters: BodyObject): BodyObject {
  const { target_size, ...rest } = renameSteps(parameters);
  const size = isBodyObject(target_size) ? { width: target_size.width, height: target_size.height } : {};
  return compact({ ...rest, ...size });
}

export const together = defineProvider({
  id: "together",
  hubOrg: "togethercomputer",
  directBaseUrl: "https://api.together.xyz",
  tasks: {
    conversational: chatCompletion("v1/chat/completions"),
    "text-generation": jsonTask("v1/completions", ({ args, providerModelId }) => {
      const { inputs, parameters, rest } = splitArgs(args);
      return compact({ model: providerModelId, ...rest, ...parameters, prompt: inputs });
    }),
    "feature-extraction": embeddings("v1/embeddings"),
    "text-to-speech": speech("v1/audio/speech", ({ providerModelId }): BodyObject =>
      providerModelId.toLowerCase().includes("kokoro") ? { voice: "af_alloy" } : {},
    ),
    "automatic-speech-recognition": transcription("v1/audio/transcriptions"),
    "text-to-image": jsonTask("v1/images/generations", ({ args, providerModelId }) => {
      const { inputs, parameters, rest } = splitArgs(args);
      return compact({
        ...rest,
        ...renameSteps(parameters),
        prompt: inputs,
        response_format: "base64",
        model: providerModelId,
      });
    }),
    "image-to-image": jsonTask("v1/images/generations", ({ args, providerModelId }) => {
      const { inputs, parameters, rest } = splitArgs(args);
      const { prompt, ...otherParameters } = renameSteps(parameters);
      const image = asDataUrl(inputs);
      const id = providerModelId.toLowerCase();
      const imageField =
        id.includes("kontext") && id.includes("flux.1")
          ? { image_url: image }
          : { reference_images: image === undefined ? undefined : [image] };
      return compact({
        ...rest,
        prompt: prompt ?? "",
        ...imageField,
        ...otherParameters,
        response_format: "base64",
        model: providerModelId,
      });
    }),
    "text-to-video": jsonTask(
      "v2/videos",
      ({ args, providerModelId }) => {
        const { inputs, parameters, rest } = splitArgs(args);
        return compact({ ...rest, ...videoParameters(parameters), prompt: inputs, model: providerModelId });
      },
      "job",
    ),
    "image-to-video": jsonTask(
      "v2/videos",
      ({ args, providerModelId }) => {
        const { inputs, parameters, rest } = splitArgs(args);
        const { prompt, ...otherParameters } = videoParameters(parameters);
        const image = inputs instanceof LocalFile ? inputs.as("data-url") : inputs;
        const frames = image === undefined ? undefined : [{ input_image: image, frame: "first" }];
        return compact({ ...rest, ...otherParameters, frame_images: frames, model: providerModelId, prompt });
      },
      "job",
    ),
  },
});
