import { jsonValue } from "@modelhub/tasks";
import { shWord } from "../shell-word.js";
import type { ClientTemplate, SnippetContext } from "../context.js";
import { isPlainLiteral } from "../body-literal.js";
import { shellJsonWithFiles } from "../shell-json-body.js";
import { extraHeaders, rawHttpAllowed } from "../raw-http.js";
import type { SnippetKind } from "../task-kinds.js";
import { shAuthorization } from "../token.js";
import { joinLines } from "../join-lines.js";

const KINDS = new Set<SnippetKind>([
  "basic",
  "basicAudio",
  "basicImage",
  "conversational",
  "conversationalStream",
  "zeroShotClassification",
]);

/** curl's body arguments, plus the commands whose output it reads as the body (files inside JSON). */
function bodyArguments(ctx: SnippetContext): { args: string[]; stdin?: string[] } {
  const body = ctx.request.body;
  if (body.type === "file") return { args: [`--data-binary ${shWord(`@${body.file.path}`)}`] };
  if (body.type === "multipart") {
    return {
      args: [
        `-F ${shWord(`file=@${body.file.path}`)}`,
        ...Object.entries(body.fields).map(([name, value]) => `--form-string ${shWord(`${name}=${value}`)}`),
      ],
    };
  }
  // Files inside JSON (base64 or a data URL): the body is printed by commands that encode them.
  if (!isPlainLiteral(body.value)) {
    return { args: ["--data-binary @-"], stdin: shellJsonWithFiles(body.value, 1) };
  }
  // The whole JSON document is one single-quoted word: quotes inside it are escaped, nothing expands.
  return { args: [`-d ${shWord(jsonValue(body.value, 1))}`] };
}

export const shCurl: ClientTemplate = {
  language: "sh",
  client: "curl",
  render(ctx) {
    if (!rawHttpAllowed(ctx, KINDS)) return undefined;
    const body = bodyArguments(ctx);
    const args = ["-X POST"];
    const auth = ctx.request.authorization;
    if (auth) args.push(`-H ${shAuthorization(auth.scheme, ctx.token)}`);
    const contentType = ctx.request.headers["Content-Type"];
    if (contentType) args.push(`-H ${shWord(`Content-Type: ${contentType}`)}`);
    for (const [name, value] of extraHeaders(ctx)) args.push(`-H ${shWord(`${name}: ${value}`)}`);
    args.push(...body.args);
    if (ctx.request.response === "binary") args.push(`-o ${shWord(ctx.outputFile)}`);
    let command = `curl ${shWord(ctx.request.url)}`;
    for (const arg of args) command += ` \\\n    ${arg}`;
    if (!body.stdin) return command;
    return joinLines(["{", ...body.stdin.map((line) => `    ${line}`), `} | ${command}`]);
  },
};
