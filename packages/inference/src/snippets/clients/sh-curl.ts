import { jsonValue } from "@modelhub/tasks";
import { shWord } from "../shell-word.js";
import type { ClientTemplate, SnippetContext } from "../context.js";
import { isPlainLiteral } from "../body-literal.js";
import { extraHeaders, rawHttpAllowed } from "../raw-http.js";
import type { SnippetKind } from "../task-kinds.js";
import { shAuthorization } from "../token.js";

const KINDS = new Set<SnippetKind>([
  "basic",
  "basicAudio",
  "basicImage",
  "conversational",
  "conversationalStream",
  "zeroShotClassification",
]);

function bodyArguments(ctx: SnippetContext): string[] | undefined {
  const body = ctx.request.body;
  if (body.type === "file") return [`--data-binary ${shWord(`@${body.file.path}`)}`];
  if (body.type === "multipart") {
    return [
      `-F ${shWord(`file=@${body.file.path}`)}`,
      ...Object.entries(body.fields).map(([name, value]) => `--form-string ${shWord(`${name}=${value}`)}`),
    ];
  }
  // A shell command cannot embed a file's base64 text without extra tools.
  if (!isPlainLiteral(body.value)) return undefined;
  // The whole JSON document is one single-quoted word: quotes inside it are escaped, nothing expands.
  return [`-d ${shWord(jsonValue(body.value, 1))}`];
}

export const shCurl: ClientTemplate = {
  language: "sh",
  client: "curl",
  render(ctx) {
    if (!rawHttpAllowed(ctx, KINDS)) return undefined;
    const body = bodyArguments(ctx);
    if (!body) return undefined;
    const args = ["-X POST"];
    const auth = ctx.request.authorization;
    if (auth) args.push(`-H ${shAuthorization(auth.scheme, ctx.token)}`);
    const contentType = ctx.request.headers["Content-Type"];
    if (contentType) args.push(`-H ${shWord(`Content-Type: ${contentType}`)}`);
    for (const [name, value] of extraHeaders(ctx)) args.push(`-H ${shWord(`${name}: ${value}`)}`);
    args.push(...body);
    if (ctx.request.response === "binary") args.push(`-o ${shWord(ctx.outputFile)}`);
    return [`curl ${shWord(ctx.request.url)}`, ...args.map((a) => `    ${a}`)].join(" \\\n");
  },
};
