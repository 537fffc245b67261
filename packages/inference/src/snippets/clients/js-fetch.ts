import { javascript, jsKey, jsString } from "@modelhub/tasks";
import type { ClientTemplate, SnippetContext } from "../context.js";
import { javascriptBody } from "../body-literal.js";
import { extraHeaders, rawHttpAllowed } from "../raw-http.js";
import type { SnippetKind } from "../task-kinds.js";
import { jsAuthorization } from "../token.js";
import { joinLines } from "../join-lines.js";

const KINDS = new Set<SnippetKind>([
  "basic",
  "basicAudio",
  "basicImage",
  "conversational",
  "textToImage",
  "textToSpeech",
  "textToAudio",
  "imageToImage",
  "imageToVideo",
  "zeroShotClassification",
  "zeroShotImageClassification",
  "documentQuestionAnswering",
]);

function headerLines(ctx: SnippetContext): string[] {
  const lines: string[] = [];
  const auth = ctx.request.authorization;
  if (auth) lines.push(`Authorization: ${jsAuthorization(auth.scheme, ctx.token)},`);
  const contentType = ctx.request.headers["Content-Type"];
  if (contentType) lines.push(javascript`"Content-Type": ${contentType},`);
  for (const [name, value] of extraHeaders(ctx)) lines.push(`${jsKey(name)}: ${jsString(value)},`);
  return lines.map((line) => `            ${line}`);
}

function queryFunction(
  ctx: SnippetContext,
  parameter: string,
  bodyLines: string[],
  setup: string[],
): string[] {
  const result = ctx.request.response === "binary" ? "response.blob()" : "response.json()";
  return [
    `async function query(${parameter}) {`,
    ...setup.map((line) => `    ${line}`),
    "    const response = await fetch(",
    javascript`        ${ctx.request.url},`,
    "        {",
    '            method: "POST",',
    "            headers: {",
    ...headerLines(ctx).map((line) => `    ${line}`),
    "            },",
    ...bodyLines.map((line) => `            ${line}`),
    "        },",
    "    );",
    `    const result = await ${result};`,
    "    return result;",
    "}",
  ];
}

function useResult(ctx: SnippetContext, call: string): string[] {
  if (ctx.request.response === "binary") {
    return [
      `${call}.then(async (blob) => {`,
      javascript`    fs.writeFileSync(${ctx.outputFile}, Buffer.from(await blob.arrayBuffer()));`,
      "});",
    ];
  }
  const shown = ctx.request.response === "chat" ? "response.choices[0].message" : "response";
  return [`${call}.then((response) => {`, `    console.log(JSON.stringify(${shown}));`, "});"];
}

function code(ctx: SnippetContext): { lines: string[]; fs: boolean } {
  const body = ctx.request.body;
  const binaryAnswer = ctx.request.response === "binary";
  if (body.type === "file") {
    return {
      fs: true,
      lines: [
        ...queryFunction(ctx, "filename", ["body: fs.readFileSync(filename),"], []),
        "",
        ...useResult(ctx, javascript`query(${body.file.path})`),
      ],
    };
  }
  if (body.type === "multipart") {
    return {
      fs: true,
      lines: [
        ...queryFunction(
          ctx,
          "filename, fields",
          ["body: form,"],
          [
            "const form = new FormData();",
            'form.append("file", new Blob([fs.readFileSync(filename)]), filename);',
            "for (const [key, value] of Object.entries(fields)) form.append(key, value);",
          ],
        ),
        "",
        ...useResult(ctx, javascript`query(${body.file.path}, ${body.fields})`),
      ],
    };
  }
  const payload = javascriptBody(body.value);
  return {
    fs: binaryAnswer || payload.readsFiles,
    lines: [
      ...queryFunction(ctx, "data", ["body: JSON.stringify(data),"], []),
      "",
      ...payload.prelude,
      ...(payload.prelude.length ? [""] : []),
      ...useResult(ctx, `query(${payload.literal})`),
    ],
  };
}

export const jsFetch: ClientTemplate = {
  language: "js",
  client: "fetch",
  render(ctx) {
    if (!rawHttpAllowed(ctx, KINDS)) return undefined;
    const rendered = code(ctx);
    const imports = rendered.fs ? ['import fs from "node:fs";', ""] : [];
    return joinLines([...imports, ...rendered.lines]);
  },
};
