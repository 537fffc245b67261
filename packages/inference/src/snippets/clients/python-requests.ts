import { pyString, python } from "@modelhub/tasks";
import type { ClientTemplate, SnippetContext } from "../context.js";
import { pythonBody } from "../body-literal.js";
import { extraHeaders, rawHttpAllowed } from "../raw-http.js";
import type { SnippetKind } from "../task-kinds.js";
import { pyAuthorization } from "../token.js";
import { joinLines } from "../join-lines.js";

const KINDS = new Set<SnippetKind>([
  "basic",
  "basicAudio",
  "basicImage",
  "conversational",
  "conversationalStream",
  "textToImage",
  "textToSpeech",
  "textToAudio",
  "imageToImage",
  "imageToVideo",
  "zeroShotClassification",
  "zeroShotImageClassification",
  "tabular",
  "documentQuestionAnswering",
]);

function headerLines(ctx: SnippetContext): string[] {
  const lines = ["headers = {"];
  const auth = ctx.request.authorization;
  if (auth) lines.push(`    "Authorization": ${pyAuthorization(auth.scheme, ctx.token)},`);
  for (const [name, value] of extraHeaders(ctx)) lines.push(`    ${pyString(name)}: ${pyString(value)},`);
  lines.push("}");
  return lines;
}

/** What the snippet does with the answer, given the variable that holds it. */
function useResult(ctx: SnippetContext, name: string): string[] {
  switch (ctx.request.response) {
    case "binary":
      return [python`with open(${ctx.outputFile}, "wb") as f:`, `    f.write(${name})`];
    case "chat":
      return [`print(${name}["choices"][0]["message"])`];
    default:
      return [`print(${name})`];
  }
}

const read = (ctx: SnippetContext) =>
  ctx.request.response === "binary" ? "response.content" : "response.json()";

function requestCode(ctx: SnippetContext): { code: string[]; imports: string[] } | undefined {
  const body = ctx.request.body;
  if (body.type === "file") {
    return {
      imports: [],
      code: [
        "def query(filename):",
        '    with open(filename, "rb") as f:',
        "        data = f.read()",
        python`    response = requests.post(API_URL, headers={"Content-Type": ${body.contentType}, **headers}, data=data)`,
        `    return ${read(ctx)}`,
        "",
        python`output = query(${body.file.path})`,
        ...useResult(ctx, "output"),
      ],
    };
  }
  if (body.type === "multipart") {
    return {
      imports: [],
      code: [
        "def query(filename, fields):",
        '    with open(filename, "rb") as f:',
        '        response = requests.post(API_URL, headers=headers, files={"file": f}, data=fields)',
        `    return ${read(ctx)}`,
        "",
        python`output = query(${body.file.path}, ${body.fields})`,
        ...useResult(ctx, "output"),
      ],
    };
  }
  const payload = pythonBody(body.value);
  const prelude = payload.prelude.length ? [...payload.prelude, ""] : [];
  const imports = payload.readsFiles ? ["base64"] : [];
  if (ctx.request.response === "chat-stream") {
    return {
      imports: [...imports, "json"],
      code: [
        "def query(payload):",
        "    response = requests.post(API_URL, headers=headers, json=payload, stream=True)",
        "    for line in response.iter_lines():",
        '        if not line.startswith(b"data:"):',
        "            continue",
        '        data = line[len(b"data:"):].strip()',
        '        if data == b"[DONE]":',
        "            return",
        "        yield json.loads(data)",
        "",
        ...prelude,
        `chunks = query(${payload.literal})`,
        "",
        "for chunk in chunks:",
        '    print(chunk["choices"][0]["delta"].get("content") or "", end="")',
      ],
    };
  }
  return {
    imports,
    code: [
      "def query(payload):",
      "    response = requests.post(API_URL, headers=headers, json=payload)",
      `    return ${read(ctx)}`,
      "",
      ...prelude,
      `output = query(${payload.literal})`,
      ...useResult(ctx, "output"),
    ],
  };
}

export const pythonRequests: ClientTemplate = {
  language: "python",
  client: "requests",
  render(ctx) {
    if (!rawHttpAllowed(ctx, KINDS)) return undefined;
    if (ctx.input.kind === "textToImage" && ctx.request.provider !== "hf-inference") return undefined;
    const rendered = requestCode(ctx);
    if (!rendered) return undefined;
    const imports = [...(ctx.token.kind === "env" ? ["os"] : []), ...rendered.imports, "requests"];
    return joinLines([
      ...imports.map((name) => `import ${name}`),
      "",
      python`API_URL = ${ctx.request.url}`,
      ...headerLines(ctx),
      "",
      ...rendered.code,
    ]);
  },
};
