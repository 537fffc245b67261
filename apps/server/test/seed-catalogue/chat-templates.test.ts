import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { chatTemplate, type TemplateFamily } from "../../src/seed/catalogue/files/chat-templates.js";

const FAMILIES: TemplateFamily[] = [
  "llama3",
  "chatml",
  "gemma",
  "mistral",
  "phi3",
  "deepseek",
  "zephyr",
  "harmony",
  "llava",
];
const MESSAGES = [
  { role: "system", content: "Be brief." },
  { role: "user", content: "Name a prime number." },
  { role: "assistant", content: "Seven." },
  { role: "user", content: [{ type: "text", text: "And an even one?" }] },
];

/** Renders every template in one python3 process with jinja2, the engine transformers uses. */
const RENDER = `
import json, sys
from jinja2.sandbox import ImmutableSandboxedEnvironment
job = json.load(sys.stdin)
env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True)
out = {name: env.from_string(source).render(messages=job["messages"], add_generation_prompt=True) for name, source in job["templates"].items()}
print(json.dumps(out))
`;

const jinjaAvailable = spawnSync("python3", ["-c", "import jinja2"]).status === 0;

describe("chat templates", () => {
  it.skipIf(!jinjaAvailable)("render every family with jinja2, keeping each turn's text", () => {
    const templates = Object.fromEntries(FAMILIES.map((family) => [family, chatTemplate(family)]));
    const result = spawnSync("python3", ["-c", RENDER], {
      input: JSON.stringify({ templates, messages: MESSAGES }),
      encoding: "utf8",
    });
    expect(result.stderr).toBe("");
    const rendered = JSON.parse(result.stdout) as Record<TemplateFamily, string>;
    for (const family of FAMILIES) {
      for (const text of ["Be brief.", "Name a prime number.", "Seven.", "And an even one?"])
        expect(rendered[family], family).toContain(text);
    }
    expect(rendered.llama3.endsWith("<|start_header_id|>assistant<|end_header_id|>\n\n")).toBe(true);
    expect(rendered.chatml.endsWith("<|im_start|>assistant\n")).toBe(true);
    expect(rendered.gemma).toContain("<start_of_turn>model\nSeven.<end_of_turn>");
    expect(rendered.mistral.startsWith("<s>[INST] Be brief.\n\nName a prime number. [/INST]Seven.</s>")).toBe(
      true,
    );
  });
});
