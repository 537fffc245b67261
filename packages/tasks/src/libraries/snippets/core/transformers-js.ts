import { javascript, jsValue, raw } from "../../../code/index.js";
import { getModelInputValue } from "../../../inputs/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { isConversational } from "../../../model/model-data-readers.js";
import { LIBRARY_TASKS } from "../../library-tasks.js";
import { SAMPLE_IMAGE_URL, chatMessagesOf, hubBaseUrl, isOtherHub, messagesLiteral } from "../helpers.js";
import type { LibrarySnippetOptions } from "../types.js";

const SAMPLE_AUDIO_URL = "https://huggingface.co/datasets/Xenova/transformers.js-docs/resolve/main/jfk.wav";
const JS_TASKS: ReadonlySet<string> = new Set([
  ...(LIBRARY_TASKS["transformers.js"] ?? []),
  "fill-mask",
  "question-answering",
  "summarization",
  "translation",
  "token-classification",
  "zero-shot-classification",
  "image-to-text",
  "image-segmentation",
  "depth-estimation",
  "text-to-speech",
  "text-to-audio",
  "audio-classification",
  "image-feature-extraction",
]);

function callArguments(model: ModelData): string {
  if (isConversational(model) && model.pipeline_tag === "text-generation") {
    return `${jsValue(messagesLiteral(chatMessagesOf(model)))}, { max_new_tokens: 128 }`;
  }
  const input = getModelInputValue(model);
  if (input === undefined) return '"Hello!"';
  switch (input.kind) {
    case "text":
      return input.parameters
        ? `${jsValue(input.value)}, ${jsValue(input.parameters)}`
        : jsValue(input.value);
    case "json":
      return jsValue(input.value);
    case "messages":
      return jsValue(messagesLiteral(input.value));
    case "file": {
      const source = input.media === "image" ? SAMPLE_IMAGE_URL : SAMPLE_AUDIO_URL;
      return input.parameters ? `${jsValue(source)}, ${jsValue(input.parameters)}` : jsValue(source);
    }
  }
}

/** Transformers.js downloads from `env.remoteHost` (huggingface.co unless set): point it at this hub. */
function hubSetting(options: LibrarySnippetOptions): string {
  if (!isOtherHub(options.hubUrl)) return "";
  return javascript`
env.remoteHost = ${`${hubBaseUrl(options.hubUrl)}/`};
`;
}

/** Transformers.js: a pipeline for the model's task, run in Node or the browser. */
export function transformersJsSnippets(model: ModelData, options: LibrarySnippetOptions = {}): string[] {
  const task = model.pipeline_tag && JS_TASKS.has(model.pipeline_tag) ? model.pipeline_tag : undefined;
  const hub = hubSetting(options);
  const setting = raw(hub);
  const envImport = raw(hub ? ", env" : "");
  if (!task) {
    return [
      javascript`// npm i @huggingface/transformers
import { AutoModel${envImport} } from "@huggingface/transformers";
${setting}
const model = await AutoModel.from_pretrained(${model.id});`,
    ];
  }
  return [
    javascript`// npm i @huggingface/transformers
import { pipeline${envImport} } from "@huggingface/transformers";
${setting}
const pipe = await pipeline(${task}, ${model.id});
const output = await pipe(${raw(callArguments(model))});
console.log(output);`,
  ];
}
