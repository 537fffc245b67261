import { compact, splitArgs, type BodyObject } from "../request/body.js";
import { defineProvider, type RequestContext, type TaskHelper } from "./define-provider.js";
import { asDataUrl, jsonTask, loraWeightsUrl, pathOf } from "./helpers.js";

/** A versioned id `owner/model:version` posts to `/v1/predictions` with the version in the body. */
function splitVersion(providerModelId: string): { model: string; version?: string } {
  const [model, version] = providerModelId.split(":");
  return { model, version };
}

function prediction(input: (ctx: RequestContext) => BodyObject): TaskHelper {
  return jsonTask(
    (ctx) => {
      const { model, version } = splitVersion(ctx.providerModelId);
      return version ? "v1/predictions" : `v1/models/${pathOf(model)}/predictions`;
    },
    (ctx) => compact({ input: input(ctx), version: splitVersion(ctx.providerModelId).version }),
  );
}

const promptInput = (ctx: RequestContext): BodyObject => {
  const { inputs, parameters, rest } = splitArgs(ctx.args);
  return compact({ ...rest, ...parameters, prompt: inputs });
};

export const replicate = defineProvider({
  id: "replicate",
  hubOrg: "replicate",
  directBaseUrl: "https://api.replicate.com",
  headers: { Prefer: "wait" },
  tasks: {
    "text-to-image": prediction((ctx) =>
      compact({ ...promptInput(ctx), lora_weights: loraWeightsUrl(ctx, false) }),
    ),
    "text-to-video": prediction(promptInput),
    "text-to-speech": prediction((ctx) => {
      const { prompt, ...rest } = promptInput(ctx);
      return compact({ ...rest, text: prompt });
    }),
    "automatic-speech-recognition": prediction(({ args }) => {
      const { inputs, parameters, rest } = splitArgs(args);
      return compact({ ...rest, ...parameters, audio: asDataUrl(inputs) });
    }),
    "image-to-image": prediction((ctx) => {
      const { inputs, parameters, rest } = splitArgs(ctx.args);
      const image = asDataUrl(inputs);
      const list = image === undefined ? undefined : [image];
      return compact({
        ...rest,
        ...parameters,
        image,
        images: list,
        input_image: image,
        input_images: list,
        lora_weights: loraWeightsUrl(ctx, false),
      });
    }),
  },
});
