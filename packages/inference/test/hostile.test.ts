import { describe, expect, it } from "vitest";
import {
  checkJavaScript,
  checkPython,
  checkShell,
  checkTypeScript,
  markerOutsideStrings,
} from "@modelhub/testkit";
import { getInferenceSnippets, type InferenceSnippet, type SnippetOptions } from "../src/index.js";
import { MODELS, mappingFor } from "./models.js";

const MARKER = "ZQXMARK";
/** Every character sequence that ends or escapes a literal in one of the target languages. */
const HOSTILE = `${MARKER} ' " """ ''' \` $(touch /tmp/owned) \${process.exit(1)} {os.system('x')} \\ \\n\nnext line ${MARKER}`;

const HOSTILE_OPTIONS: Record<string, SnippetOptions> = {
  inputs: { inputs: HOSTILE },
  messages: { messages: [{ role: "user", content: HOSTILE }], streaming: true },
  chat: { messages: [{ role: "user", content: HOSTILE }] },
  billTo: { billTo: HOSTILE },
  accessToken: { accessToken: `hf_${HOSTILE}` },
  directToken: { accessToken: HOSTILE, directRequest: true },
  endpointUrl: { endpointUrl: `https://example.com/${HOSTILE}` },
};

const PROVIDERS = [
  "hf-inference",
  "together",
  "fal-ai",
  "replicate",
  "groq",
  "wavespeed",
  "zai-org",
  "deepinfra",
  "auto",
];

function hostileSnippets(): { label: string; snippet: InferenceSnippet }[] {
  const out: { label: string; snippet: InferenceSnippet }[] = [];
  const silence = console.error;
  console.error = () => {};
  try {
    for (const base of MODELS) {
      const model = { ...base, id: `${MARKER}'"\`$(x)/${HOSTILE.replace(/\n/g, "")}` };
      for (const provider of PROVIDERS) {
        for (const [name, opts] of Object.entries(HOSTILE_OPTIONS)) {
          const task = model.tags?.includes("conversational") ? "conversational" : (model.pipeline_tag ?? "");
          const mapping =
            provider === "auto"
              ? undefined
              : { ...mappingFor(model, provider, task), providerId: `${provider}/${HOSTILE}` };
          for (const snippet of getInferenceSnippets(model, provider, mapping, opts)) {
            out.push({ label: `${base.pipeline_tag} × ${provider} × ${snippet.client} × ${name}`, snippet });
          }
        }
      }
    }
  } finally {
    console.error = silence;
  }
  return out;
}

const SNIPPETS = hostileSnippets();

describe("hostile ids, prompts, messages, URLs, bill-to and tokens", () => {
  it("produces many snippets to check", () => {
    expect(SNIPPETS.length).toBeGreaterThan(500);
  });

  it("Python still parses and the marker only appears inside string literals", () => {
    const python = SNIPPETS.filter((s) => s.snippet.language === "python");
    const sources = python.map((s) => s.snippet.content);
    const syntax = checkPython(sources);
    expect(
      python
        .filter((_, i) => syntax[i])
        .map((s, i) => `${s.label}: ${syntax[i]}`)
        .slice(0, 3),
    ).toEqual([]);
    const outside = markerOutsideStrings("python", sources, MARKER);
    expect(
      python
        .filter((_, i) => outside[i])
        .map((s) => `${s.label}\n${s.snippet.content}`)
        .slice(0, 2),
    ).toEqual([]);
  });

  it("JavaScript still parses and the marker only appears inside string literals", () => {
    const js = SNIPPETS.filter((s) => s.snippet.language === "js");
    const syntax = js.flatMap((s) => {
      const problem = checkJavaScript(s.snippet.content) ?? checkTypeScript(s.snippet.content);
      return problem ? [`${s.label}: ${problem}`] : [];
    });
    expect(syntax.slice(0, 3)).toEqual([]);
    const outside = markerOutsideStrings(
      "js",
      js.map((s) => s.snippet.content),
      MARKER,
    );
    expect(
      js
        .filter((_, i) => outside[i])
        .map((s) => `${s.label}\n${s.snippet.content}`)
        .slice(0, 2),
    ).toEqual([]);
  });

  it("shell passes bash -n and the marker only appears inside quotes", () => {
    const sh = SNIPPETS.filter((s) => s.snippet.language === "sh");
    expect(sh.length).toBeGreaterThan(20);
    expect(checkShell(sh.map((s) => s.snippet.content).join("\n\n"))).toBeNull();
    const outside = markerOutsideStrings(
      "sh",
      sh.map((s) => s.snippet.content),
      MARKER,
    );
    expect(
      sh
        .filter((_, i) => outside[i])
        .map((s) => `${s.label}\n${s.snippet.content}`)
        .slice(0, 2),
    ).toEqual([]);
  });
});
