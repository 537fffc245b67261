import { javascript, jsValue, jsKey, raw } from "@modelhub/tasks";
import type { ClientTemplate, SnippetContext } from "../context.js";
import { JS_METHODS } from "../method-names.js";
import { jsToken } from "../token.js";
import { joinLines } from "../join-lines.js";

/** `client.method({ ...lines }, { billTo })` with one property per line. */
function call(ctx: SnippetContext, prefix: string, method: string, properties: string[]): string {
  const lines = [`${prefix}client.${method}(`, "    {", ...properties.map((p) => `        ${p},`), "    },"];
  if (ctx.options.billTo) lines.push(javascript`    { billTo: ${ctx.options.billTo} },`);
  lines.push(");");
  return joinLines(lines);
}

/** Where the call goes: an endpoint, or a provider and the Hub model id. */
function target(ctx: SnippetContext): string[] {
  // An endpoint implies hf-inference: the client refuses an explicit provider beside it.
  const lines = ctx.options.endpointUrl
    ? [javascript`endpointUrl: ${ctx.options.endpointUrl}`]
    : [javascript`provider: ${ctx.provider}`];
  lines.push(javascript`model: ${ctx.model.id}`);
  return lines;
}

function chatTarget(ctx: SnippetContext): string[] {
  if (ctx.direct || ctx.options.endpointUrl) return target(ctx);
  // Without a provider key the router picks the provider named in the model suffix.
  return [javascript`model: ${ctx.chatModel}`];
}

const saveBlob = (name: string, ctx: SnippetContext) =>
  javascript`fs.writeFileSync(${ctx.outputFile}, Buffer.from(await ${raw(name)}.arrayBuffer()));`;

function body(ctx: SnippetContext): { code: string; fs: boolean } | undefined {
  const input = ctx.input;
  const method = JS_METHODS[ctx.pipeline];
  switch (input.kind) {
    case "basic":
      if (!method) return undefined;
      return {
        code: `${call(ctx, "const output = await ", method, [...target(ctx), `inputs: ${jsValue(input.value, 2)}`])}\n\nconsole.log(output);`,
        fs: false,
      };
    case "basicAudio":
    case "basicImage":
      if (!method) return undefined;
      // imageSegmentation base64-encodes its input through `inputs.arrayBuffer()`: it takes a Blob.
      if (ctx.pipeline === "image-segmentation")
        return {
          code: joinLines([
            javascript`const data = new Blob([fs.readFileSync(${input.path})]);`,
            "",
            call(ctx, "const output = await ", method, [...target(ctx), "inputs: data"]),
            "",
            "console.log(output);",
          ]),
          fs: true,
        };
      return {
        code: joinLines([
          javascript`const data = fs.readFileSync(${input.path});`,
          "",
          call(ctx, "const output = await ", method, ["data", ...target(ctx)]),
          "",
          "console.log(output);",
        ]),
        fs: true,
      };
    case "conversational":
    case "conversationalStream": {
      const properties = [
        ...chatTarget(ctx),
        ...Object.entries(input.chat).map(([k, v]) => `${jsKey(k)}: ${jsValue(v, 2)}`),
      ];
      if (input.kind === "conversational") {
        return {
          code: `${call(ctx, "const chatCompletion = await ", "chatCompletion", properties)}\n\nconsole.log(chatCompletion.choices[0].message);`,
          fs: false,
        };
      }
      return {
        code: joinLines([
          call(ctx, "const stream = ", "chatCompletionStream", properties),
          "",
          "for await (const chunk of stream) {",
          "    if (chunk.choices && chunk.choices.length > 0) {",
          '        process.stdout.write(chunk.choices[0].delta.content || "");',
          "    }",
          "}",
        ]),
        fs: false,
      };
    }
    case "textToImage":
    case "textToVideo":
    case "textToSpeech":
    case "textToAudio": {
      const [name, method] = {
        textToImage: ["image", "textToImage"],
        textToVideo: ["video", "textToVideo"],
        textToSpeech: ["audio", "textToSpeech"],
        textToAudio: ["audio", "textToAudio"],
      }[input.kind];
      const properties = [...target(ctx), `inputs: ${jsValue(input.prompt, 2)}`];
      if (input.kind === "textToImage") properties.push("parameters: { num_inference_steps: 5 }");
      return {
        code: joinLines([
          call(ctx, `const ${name} = await `, method, properties),
          `// ${name} is a Blob`,
          saveBlob(name, ctx),
        ]),
        fs: true,
      };
    }
    case "imageToImage":
    case "imageToVideo": {
      const [name, method] =
        input.kind === "imageToImage" ? ["image", "imageToImage"] : ["video", "imageToVideo"];
      return {
        code: joinLines([
          // A Blob: with parameters the client base64-encodes `inputs` through `inputs.arrayBuffer()`,
          // which a Node Buffer lacks (the Hub's own snippet passes the Buffer and fails there).
          javascript`const data = new Blob([fs.readFileSync(${input.path})]);`,
          "",
          call(ctx, `const ${name} = await `, method, [
            ...target(ctx),
            "inputs: data",
            javascript`parameters: { prompt: ${input.prompt} }`,
          ]),
          `// ${name} is a Blob`,
          saveBlob(name, ctx),
        ]),
        fs: true,
      };
    }
    case "zeroShotImageClassification":
    case "documentQuestionAnswering": {
      if (!method) return undefined;
      const inputs =
        input.kind === "zeroShotImageClassification"
          ? ["inputs: { image: data }", `parameters: { candidate_labels: ${jsValue(input.labels, 2)} }`]
          : [javascript`inputs: { image: data, question: ${input.question} }`];
      return {
        code: joinLines([
          javascript`const data = new Blob([fs.readFileSync(${input.path})]);`,
          "",
          call(ctx, "const output = await ", method, [...target(ctx), ...inputs]),
          "",
          "console.log(output);",
        ]),
        fs: true,
      };
    }
    default:
      return undefined;
  }
}

export const jsHuggingface: ClientTemplate = {
  language: "js",
  client: "huggingface.js",
  render(ctx) {
    const rendered = body(ctx);
    if (!rendered) return undefined;
    const imports = ['import { InferenceClient } from "@huggingface/inference";'];
    if (rendered.fs) imports.push('import fs from "node:fs";');
    return joinLines([
      ...imports,
      "",
      `const client = new InferenceClient(${jsToken(ctx.token)});`,
      "",
      rendered.code,
    ]);
  },
};
