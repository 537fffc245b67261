import { javascript, jsValue, jsKey } from "@modelhub/tasks";
import type { ClientTemplate } from "../context.js";
import { jsToken } from "../token.js";
import { joinLines } from "../join-lines.js";

export const jsOpenai: ClientTemplate = {
  language: "js",
  client: "openai",
  render(ctx) {
    const input = ctx.input;
    if (input.kind !== "conversational" && input.kind !== "conversationalStream") return undefined;
    const lines = ['import { OpenAI } from "openai";', "", "const client = new OpenAI({"];
    lines.push(javascript`    baseURL: ${ctx.openAiBaseUrl},`, `    apiKey: ${jsToken(ctx.token)},`);
    if (ctx.options.billTo)
      lines.push(
        "    defaultHeaders: {",
        javascript`        "X-HF-Bill-To": ${ctx.options.billTo},`,
        "    },",
      );
    lines.push("});", "");
    const target = input.kind === "conversational" ? "chatCompletion" : "stream";
    lines.push(
      `const ${target} = await client.chat.completions.create({`,
      javascript`    model: ${ctx.chatModel},`,
    );
    for (const [key, value] of Object.entries(input.chat))
      lines.push(`    ${jsKey(key)}: ${jsValue(value, 1)},`);
    if (input.kind === "conversational") {
      lines.push("});", "", "console.log(chatCompletion.choices[0].message);");
    } else {
      lines.push(
        "    stream: true,",
        "});",
        "",
        "for await (const chunk of stream) {",
        '    process.stdout.write(chunk.choices[0]?.delta?.content || "");',
        "}",
      );
    }
    return joinLines(lines);
  },
};
