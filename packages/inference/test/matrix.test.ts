import { describe, expect, it } from "vitest";
import { checkJavaScript, checkPython, checkShell, checkTypeScript } from "@modelhub/testkit";
import { INFERENCE_PROVIDERS, getInferenceSnippets, type InferenceSnippet } from "../src/index.js";
import { MODELS, OPTION_SETS, mappingFor } from "./models.js";

interface Case {
  label: string;
  provider: string;
  snippet: InferenceSnippet;
  option: string;
}

function generateMatrix(): Case[] {
  const cases: Case[] = [];
  const silence = console.error;
  console.error = () => {};
  try {
    for (const model of MODELS) {
      for (const provider of [...INFERENCE_PROVIDERS, "auto"]) {
        for (const [option, opts] of Object.entries(OPTION_SETS)) {
          const tagged = model.tags?.includes("conversational") ?? false;
          const task = tagged ? "conversational" : (model.pipeline_tag ?? "");
          // Untagged chat pipelines also run with a mapping that serves them as chat.
          const chatPipeline =
            model.pipeline_tag === "text-generation" || model.pipeline_tag === "image-text-to-text";
          const tasks = chatPipeline && !tagged ? [task, "conversational"] : [task];
          for (const mappedTask of tasks) {
            const mapping =
              provider === "auto" && mappedTask === task
                ? undefined
                : mappingFor(model, provider, mappedTask);
            for (const snippet of getInferenceSnippets(model, provider, mapping, opts)) {
              cases.push({
                label: `${model.pipeline_tag} ${model.id} (mapped ${mappedTask}) × ${provider} × ${snippet.client} × ${option}`,
                snippet,
                option,
                provider,
              });
            }
          }
        }
      }
    }
  } finally {
    console.error = silence;
  }
  return cases;
}

const CASES = generateMatrix();
const byLanguage = (language: string) => CASES.filter((c) => c.snippet.language === language);

describe("snippet matrix (task × provider × client × options)", () => {
  it("covers every client and a large matrix", () => {
    const clients = new Set(CASES.map((c) => `${c.snippet.language}/${c.snippet.client}`));
    expect([...clients].sort()).toEqual(
      [
        "js/fetch",
        "js/huggingface.js",
        "js/openai",
        "python/fal_client",
        "python/huggingface_hub",
        "python/openai",
        "python/requests",
        "sh/curl",
      ].sort(),
    );
    expect(CASES.length).toBeGreaterThan(3000);
  });

  it("gives every provider snippets", () => {
    const served = new Set(CASES.map((c) => c.provider));
    expect([...INFERENCE_PROVIDERS, "auto"].filter((p) => !served.has(p))).toEqual([]);
  });

  it("every Python snippet parses (ast.parse)", () => {
    const python = byLanguage("python");
    const results = checkPython(python.map((c) => c.snippet.content));
    const failures = results.flatMap((r, i) =>
      r ? [`${python[i].label}: ${r}\n${python[i].snippet.content}`] : [],
    );
    expect(failures.slice(0, 3)).toEqual([]);
  });

  // thousands of TypeScript parses: minutes on a loaded 2-core machine, so more than the default time
  it("every JS snippet parses as JavaScript and TypeScript", { timeout: 240_000 }, () => {
    const failures = byLanguage("js").flatMap((c) => {
      const problem = checkJavaScript(c.snippet.content) ?? checkTypeScript(c.snippet.content);
      return problem ? [`${c.label}: ${problem}\n${c.snippet.content}`] : [];
    });
    expect(failures.slice(0, 3)).toEqual([]);
  });

  it("every shell snippet passes bash -n", () => {
    const shells = byLanguage("sh");
    // One bash process for the lot; only on failure look for the culprit.
    if (checkShell(shells.map((c) => c.snippet.content).join("\n\n")) === null) return;
    const failures = shells.flatMap((c) => {
      const problem = checkShell(c.snippet.content);
      return problem ? [`${c.label}: ${problem}`] : [];
    });
    expect(failures.slice(0, 3)).toEqual([]);
  });

  it("no snippet leaks template artefacts or tabs", () => {
    const bad = CASES.filter(({ snippet }) =>
      /undefined|\[object Object\]|\t|"inputs": ,|hf_token_placeholder|not_hf_token_placeholder/.test(
        snippet.content,
      ),
    );
    expect(bad.map((c) => `${c.label}\n${c.snippet.content}`).slice(0, 3)).toEqual([]);
  });

  it("has no leading or trailing white space", () => {
    const bad = CASES.filter(({ snippet }) => snippet.content !== snippet.content.trim());
    expect(bad.map((c) => `${c.label}\n${c.snippet.content}`).slice(0, 3)).toEqual([]);
  });

  it("indents with multiples of 4 spaces", () => {
    const bad = CASES.filter(({ snippet }) =>
      snippet.content.split("\n").some((line) => (line.match(/^ */)?.[0].length ?? 0) % 4 !== 0),
    );
    expect(bad.map((c) => `${c.label}\n${c.snippet.content}`).slice(0, 3)).toEqual([]);
  });
});
