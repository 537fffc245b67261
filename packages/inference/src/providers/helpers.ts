import { LocalFile, mimeTypeOf } from "../request/local-file.js";
import { compact, isBodyObject, splitArgs, type BodyObject, type BodyValue } from "../request/body.js";
import type { RequestContext, TaskHelper } from "./define-provider.js";

/** Encodes a path segment; keeps `/` so `owner/name` ids stay readable. */
export function pathOf(id: string): string {
  // Hub and provider ids are nearly always plain: nothing to encode.
  if (PLAIN_PATH.test(id)) return id;
  return id.split("/").map(encodeURIComponent).join("/");
}

const PLAIN_PATH = /^[A-Za-z0-9._~/-]*$/;

/** A JSON request to a fixed route. */
export function jsonTask(
  route: string | ((ctx: RequestContext) => string),
  body: (ctx: RequestContext) => BodyObject,
  response: TaskHelper["response"] = "json",
  extra: Partial<TaskHelper> = {},
): TaskHelper {
  return {
    route: typeof route === "string" ? () => route : route,
    body: (ctx) => ({ type: "json", value: body(ctx) }),
    response,
    ...extra,
  };
}

/** OpenAI-compatible chat completion: `model` first, then the caller's arguments. */
export function chatCompletion(route: string, options: { drop?: string[] } = {}): TaskHelper {
  return jsonTask(
    route,
    ({ args, providerModelId }) => {
      const body: BodyObject = { model: providerModelId };
      for (const [key, value] of Object.entries(args)) {
        if (key !== "model" && !options.drop?.includes(key)) body[key] = value;
      }
      return body;
    },
    "chat",
  );
}

/** OpenAI-compatible text completion: `model`, other arguments, `max_tokens`, parameters, `prompt`. */
export function textCompletion(route: string): TaskHelper {
  return jsonTask(route, ({ args, providerModelId }) => {
    const { inputs, parameters, rest } = splitArgs(args);
    const { max_new_tokens, ...otherParameters } = parameters;
    return compact({
      model: providerModelId,
      ...rest,
      max_tokens: max_new_tokens,
      ...otherParameters,
      prompt: inputs,
    });
  });
}

/** OpenAI-compatible embeddings: `input` holds the text. */
export function embeddings(route: string): TaskHelper {
  return jsonTask(route, ({ args, providerModelId }) => {
    const { inputs, parameters, rest } = splitArgs(args);
    return compact({ ...rest, ...parameters, input: inputs, model: providerModelId });
  });
}

/** OpenAI-compatible speech synthesis: `input` holds the text, answer is audio bytes. */
export function speech(
  route: string,
  defaults: (ctx: RequestContext) => BodyObject = () => ({}),
): TaskHelper {
  return jsonTask(
    route,
    (ctx) => {
      const { inputs, parameters, rest } = splitArgs(ctx.args);
      return compact({ ...rest, ...defaults(ctx), ...parameters, input: inputs, model: ctx.providerModelId });
    },
    "binary",
  );
}

/** OpenAI-compatible image generation: `prompt` holds the text, the image comes back base64 in JSON. */
export function imageGeneration(route: string): TaskHelper {
  return jsonTask(route, ({ args, providerModelId }) => {
    const { inputs, parameters, rest } = splitArgs(args);
    return {
      ...rest,
      ...parameters,
      response_format: "b64_json",
      prompt: inputs ?? "",
      model: providerModelId,
    };
  });
}

/** OpenAI-compatible transcription: the audio file as a multipart upload beside `model`. */
export function transcription(route: string): TaskHelper {
  return {
    route: () => route,
    body: ({ args, providerModelId }) => {
      const { inputs, parameters, rest } = splitArgs(args);
      const file = inputs instanceof LocalFile ? inputs : new LocalFile(String(inputs));
      const fields: Record<string, string> = {};
      for (const [key, value] of Object.entries({ ...rest, ...parameters })) {
        if (!(value instanceof LocalFile))
          fields[key] = typeof value === "string" ? value : JSON.stringify(value);
      }
      fields.model = providerModelId;
      return { type: "multipart", file, fields };
    },
    response: "json",
  };
}

/** The image (or audio) a file-based task received, whichever argument holds it. */
export function fileArg(args: BodyObject): LocalFile | undefined {
  if (args.inputs instanceof LocalFile) return args.inputs;
  if (isBodyObject(args.inputs) && args.inputs.image instanceof LocalFile) return args.inputs.image;
  return undefined;
}

/** A LocalFile as a `data:` URL value, or the value unchanged when it is not a file. */
export function asDataUrl(value: BodyValue | undefined): BodyValue | undefined {
  return value instanceof LocalFile ? value.as("data-url") : value;
}

/** Renames `num_inference_steps` to `steps` (the name several providers use). */
export function renameSteps(parameters: BodyObject): BodyObject {
  const { num_inference_steps, ...rest } = parameters;
  return compact({ ...rest, steps: num_inference_steps });
}

/** The LoRA weights URL of a mapping whose adapter is `lora`. */
export function loraWeightsUrl(ctx: RequestContext, withFile: boolean): string | undefined {
  const mapping = ctx.mapping;
  if (mapping?.adapter !== "lora" || !mapping.adapterWeightsPath) return undefined;
  const base = `${ctx.hubUrl.replace(/\/+$/, "")}/${pathOf(mapping.hfModelId)}`;
  return withFile ? `${base}/resolve/main/${pathOf(mapping.adapterWeightsPath)}` : base;
}

export { mimeTypeOf };
