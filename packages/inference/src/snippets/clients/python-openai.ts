import { pyValue, python } from "@modelhub/tasks";
import type { ClientTemplate } from "../context.js";
import { pyToken } from "../token.js";
import { joinLines } from "../join-lines.js";

export const pythonOpenai: ClientTemplate = {
  language: "python",
  client: "openai",
  render(ctx) {
    const input = ctx.input;
    if (input.kind !== "conversational" && input.kind !== "conversationalStream") return undefined;
    const lines = ctx.token.kind === "env" ? ["import os"] : [];
    lines.push("from openai import OpenAI", "", "client = OpenAI(");
    lines.push(python`    base_url=${ctx.openAiBaseUrl},`, `    api_key=${pyToken(ctx.token)},`);
    if (ctx.options.billTo)
      lines.push("    default_headers={", python`        "X-HF-Bill-To": ${ctx.options.billTo},`, "    },");
    lines.push(")", "");
    const target = input.kind === "conversational" ? "completion" : "stream";
    lines.push(`${target} = client.chat.completions.create(`, python`    model=${ctx.chatModel},`);
    for (const [key, value] of Object.entries(input.chat)) lines.push(`    ${key}=${pyValue(value, 1)},`);
    if (input.kind === "conversational") {
      lines.push(")", "", "print(completion.choices[0].message)");
    } else {
      lines.push(
        "    stream=True,",
        ")",
        "",
        "for chunk in stream:",
        '    print(chunk.choices[0].delta.content or "", end="")',
      );
    }
    return joinLines(lines);
  },
};
