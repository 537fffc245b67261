import { pyValue, python, raw } from "@modelhub/tasks";
import type { ClientTemplate, SnippetContext } from "../context.js";
import { PYTHON_METHODS } from "../method-names.js";
import { pyToken } from "../token.js";
import { joinLines } from "../join-lines.js";

function construction(ctx: SnippetContext): string {
  const lines = [python`from huggingface_hub import InferenceClient`, "", "client = InferenceClient("];
  if (ctx.options.endpointUrl) lines.push(python`    base_url=${ctx.options.endpointUrl},`);
  if (ctx.task !== "conversational" || ctx.direct) lines.push(python`    provider=${ctx.provider},`);
  lines.push(`    api_key=${pyToken(ctx.token)},`);
  if (ctx.options.billTo) lines.push(python`    bill_to=${ctx.options.billTo},`);
  lines.push(")");
  return joinLines(lines);
}

/** `name = client.method(` + argument lines + `)`. */
function call(target: string, method: string, args: string[]): string {
  return joinLines([`${target} = client.${method}(`, ...args.map((a) => `    ${a},`), ")"]);
}

/**
 * `model=` of a task call; none with an endpoint: `base_url` is the model there, and huggingface_hub
 * would look a model id up on huggingface.co for its provider (and refuse an id with a `:suffix`).
 */
const modelArgs = (ctx: SnippetContext): string[] =>
  ctx.options.endpointUrl ? [] : [python`model=${ctx.model.id}`];
const modelKwarg = (ctx: SnippetContext): string =>
  ctx.options.endpointUrl ? "" : python`, model=${ctx.model.id}`;

function chatModel(ctx: SnippetContext): string {
  // With a provider key the client looks the provider's id up itself from the Hub id.
  return ctx.direct ? ctx.model.id : ctx.chatModel;
}

function body(ctx: SnippetContext): string | undefined {
  const input = ctx.input;
  const method = PYTHON_METHODS[ctx.pipeline];
  switch (input.kind) {
    case "basic": {
      if (!method) return undefined;
      const value = input.value;
      const args =
        typeof value === "object" && value !== null && !Array.isArray(value) && "source_sentence" in value
          ? [pyValue(value.source_sentence, 1), `other_sentences=${pyValue(value.sentences ?? [], 1)}`]
          : [pyValue(value, 1)];
      return `${call("result", method, [...args, ...modelArgs(ctx)])}\n\nprint(result)`;
    }
    case "basicAudio":
    case "basicImage":
      if (!method) return undefined;
      return python`output = client.${raw(method)}(${input.path}${raw(modelKwarg(ctx))})\n\nprint(output)`;
    case "conversational":
    case "conversationalStream": {
      const kwargs = Object.entries(input.chat).map(([k, v]) => `${k}=${pyValue(v, 1)}`);
      const model = python`model=${chatModel(ctx)}`;
      if (input.kind === "conversational") {
        return `${call("completion", "chat.completions.create", [model, ...kwargs])}\n\nprint(completion.choices[0].message)`;
      }
      return joinLines([
        call("stream", "chat.completions.create", [model, ...kwargs, "stream=True"]),
        "",
        "for chunk in stream:",
        '    print(chunk.choices[0].delta.content or "", end="")',
      ]);
    }
    case "textToImage":
      return joinLines([
        "# output is a PIL.Image object",
        call("image", "text_to_image", [pyValue(input.prompt, 1), ...modelArgs(ctx)]),
        python`image.save(${ctx.outputFile})`,
      ]);
    case "textToVideo":
    case "textToSpeech": {
      const [name, method] =
        input.kind === "textToVideo" ? ["video", "text_to_video"] : ["audio", "text_to_speech"];
      return joinLines([
        `# ${name} is returned as bytes`,
        call(name, method, [pyValue(input.prompt, 1), ...modelArgs(ctx)]),
        python`with open(${ctx.outputFile}, "wb") as f:`,
        `    f.write(${name})`,
      ]);
    }
    case "imageToImage":
    case "imageToVideo": {
      const read = [
        python`with open(${input.path}, "rb") as image_file:`,
        "    input_image = image_file.read()",
        "",
      ];
      const args = ["input_image", python`prompt=${input.prompt}`, ...modelArgs(ctx)];
      if (input.kind === "imageToImage") {
        return joinLines([
          ...read,
          "# output is a PIL.Image object",
          call("image", "image_to_image", args),
          python`image.save(${ctx.outputFile})`,
        ]);
      }
      return joinLines([
        ...read,
        call("video", "image_to_video", args),
        python`with open(${ctx.outputFile}, "wb") as f:`,
        "    f.write(video)",
      ]);
    }
    case "zeroShotImageClassification":
      if (!method) return undefined;
      return `${call("output", method, [pyValue(input.path, 1), `candidate_labels=${pyValue(input.labels, 1)}`, ...modelArgs(ctx)])}\n\nprint(output)`;
    case "documentQuestionAnswering":
      return `${call("output", "document_question_answering", [pyValue(input.path, 1), python`question=${input.question}`, ...modelArgs(ctx)])}\n\nprint(output)`;
    case "questionAnswering":
      return `${call("answer", "question_answering", [python`question=${input.question}`, python`context=${input.context}`, ...modelArgs(ctx)])}\n\nprint(answer)`;
    case "tableQuestionAnswering":
      return `${call("answer", "table_question_answering", [python`query=${input.query}`, `table=${pyValue(input.table, 1)}`, ...modelArgs(ctx)])}\n\nprint(answer)`;
    default:
      return undefined;
  }
}

export const pythonHuggingfaceHub: ClientTemplate = {
  language: "python",
  client: "huggingface_hub",
  render(ctx) {
    const code = body(ctx);
    if (code === undefined) return undefined;
    const os = ctx.token.kind === "env" ? "import os\n" : "";
    return `${os}${construction(ctx)}\n\n${code}`;
  },
};
