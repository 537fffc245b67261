import { compact, splitArgs, type BodyObject } from "../request/body.js";
import { defineProvider, type RequestContext, type TaskHelper } from "./define-provider.js";
import { asDataUrl, jsonTask, loraWeightsUrl, pathOf } from "./helpers.js";

const route = (ctx: RequestContext) => pathOf(ctx.providerModelId);

/** LoRA weights hosted on the hub, passed as `loras`. */
function loras(ctx: RequestContext): BodyObject {
  const path = loraWeightsUrl(ctx, true);
  if (!path) return {};
  const extra: BodyObject =
    ctx.providerModelId === "fal-ai/lora" && ctx.task === "text-to-image"
      ? { model_name: "stabilityai/stable-diffusion-xl-base-1.0" }
      : {};
  return { loras: [{ path, scale: 1 }], ...extra };
}

/** Tasks answered right away. */
function syncTask(body: (ctx: RequestContext) => BodyObject): TaskHelper {
  return jsonTask(route, body, "json", { directBaseUrl: "https://fal.run" });
}

/** Tasks put on fal's queue: the answer is a request id to poll. */
function queuedTask(body: (ctx: RequestContext) => BodyObject, withLoras = false): TaskHelper {
  return jsonTask(route, (ctx) => ({ ...body(ctx), ...(withLoras ? loras(ctx) : {}) }), "job", {
    directBaseUrl: "https://queue.fal.run",
    routedQuery: "_subdomain=queue",
  });
}

const fromPrompt = (ctx: RequestContext): BodyObject => {
  const { inputs, parameters, rest } = splitArgs(ctx.args);
  return compact({ ...rest, ...parameters, prompt: inputs });
};

const fromImage = (ctx: RequestContext): BodyObject => {
  const { inputs, parameters, rest } = splitArgs(ctx.args);
  const image = asDataUrl(inputs);
  return compact({
    ...rest,
    ...parameters,
    image_url: image,
    image_urls: image === undefined ? undefined : [image],
  });
};

const fromImageForVideo = (ctx: RequestContext): BodyObject => {
  const { inputs, parameters, rest } = splitArgs(ctx.args);
  return compact({ ...rest, ...parameters, image_url: asDataUrl(inputs) });
};

export const falAi = defineProvider({
  id: "fal-ai",
  hubOrg: "fal",
  directBaseUrl: "https://fal.run",
  directAuthScheme: "Key",
  tasks: {
    "automatic-speech-recognition": syncTask(({ args }) => {
      const { inputs, parameters, rest } = splitArgs(args);
      return compact({ ...rest, ...parameters, audio_url: asDataUrl(inputs) });
    }),
    "text-to-speech": syncTask(({ args }) => {
      const { inputs, parameters, rest } = splitArgs(args);
      return compact({ ...rest, ...parameters, text: inputs });
    }),
    "text-to-image": queuedTask(fromPrompt, true),
    "text-to-video": queuedTask(fromPrompt, true),
    "text-to-audio": queuedTask(fromPrompt),
    "image-to-image": queuedTask(fromImage, true),
    "image-text-to-image": queuedTask(fromImage),
    "image-to-video": queuedTask(fromImageForVideo, true),
    "image-text-to-video": queuedTask(fromImageForVideo),
    "audio-to-audio": queuedTask(({ args }) => {
      const { inputs, parameters, rest } = splitArgs(args);
      return compact({ ...rest, ...parameters, audio_url: asDataUrl(inputs) });
    }),
    "image-segmentation": queuedTask(({ args }) => {
      const { inputs, parameters, rest } = splitArgs(args);
      return compact({ ...rest, ...parameters, image_url: asDataUrl(inputs), sync_mode: true });
    }),
  },
});
