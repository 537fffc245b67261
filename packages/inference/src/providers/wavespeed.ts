import { compact, splitArgs, type BodyObject } from "../request/body.js";
import { LocalFile } from "../request/local-file.js";
import type { InferenceTask } from "../types.js";
import { defineProvider, type RequestContext, type TaskHelper } from "./define-provider.js";
import { jsonTask, pathOf } from "./helpers.js";

function loras(ctx: RequestContext): BodyObject {
  return ctx.mapping?.adapter === "lora" ? { loras: [{ path: ctx.mapping.hfModelId, scale: 1 }] } : {};
}

function body(ctx: RequestContext): BodyObject {
  const { inputs, parameters, rest } = splitArgs(ctx.args);
  const { images: _images, ...otherParameters } = parameters;
  if (inputs instanceof LocalFile) {
    // Image tasks: the prompt travels in the parameters, the image as bare base64.
    const image = inputs.as("base64");
    return compact({ ...rest, ...otherParameters, image, images: [image], ...loras(ctx) });
  }
  return compact({ ...rest, ...otherParameters, prompt: inputs, ...loras(ctx) });
}

const task: TaskHelper = jsonTask((ctx) => `api/v3/${pathOf(ctx.providerModelId)}`, body, "job");
const TASKS: InferenceTask[] = [
  "image-text-to-image",
  "image-text-to-video",
  "image-to-image",
  "image-to-video",
  "text-to-image",
  "text-to-video",
];

export const wavespeed = defineProvider({
  id: "wavespeed",
  hubOrg: "wavespeed",
  directBaseUrl: "https://api.wavespeed.ai",
  tasks: Object.fromEntries(TASKS.map((name) => [name, task])),
});
