import { describe, expect, it } from "vitest";
import { checkJavaScript, checkPython, checkShell, markerOutsideStrings } from "@modelhub/testkit";
import { HOSTILE_MARKER, buildModelFixtures } from "./fixtures/model-records.js";
import { shellMarkerOutsideLiterals } from "./fixtures/shell-scan.js";
import { MODEL_LIBRARIES_UI_ELEMENTS, snippetsForHub, type SnippetLanguage } from "./index.js";

/** A self-hosted hub: every generator also runs for it, and its output must pass the same checks. */
const SELF_HOSTED_HUB = "http://127.0.0.1:8080";

interface Generated {
  library: string;
  fixture: string;
  hostile: boolean;
  hubUrl?: string;
  language: SnippetLanguage;
  code: string;
}

const fixtures = buildModelFixtures();
const libraries = Object.entries(MODEL_LIBRARIES_UI_ELEMENTS).filter(([, lib]) => lib.snippets !== undefined);

/** Every snippet of every library for every fixture; generator exceptions are collected, not thrown. */
function generateAll(): { generated: Generated[]; crashes: string[] } {
  const generated: Generated[] = [];
  const crashes: string[] = [];
  for (const [library, lib] of libraries) {
    for (const { name, model, hostile } of fixtures) {
      for (const hubUrl of [undefined, SELF_HOSTED_HUB]) {
        const fixture = hubUrl ? `${name} @ ${hubUrl}` : name;
        try {
          const record = { ...model, library_name: model.library_name ?? library };
          const snippets = lib.snippets ? snippetsForHub(lib.snippets, record, hubUrl) : [];
          if (snippets.some((s) => typeof s.content !== "string")) {
            crashes.push(`${library} / ${fixture}: did not return string[]`);
            continue;
          }
          for (const { language, content } of snippets) {
            generated.push({ library, fixture, hostile, hubUrl, language, code: content });
          }
        } catch (error) {
          crashes.push(`${library} / ${fixture}: ${(error as Error).message}`);
        }
      }
    }
  }
  return { generated, crashes };
}

const { generated, crashes } = generateAll();
const byLanguage = (language: SnippetLanguage) => generated.filter((g) => g.language === language);
const label = (g: Generated) => `${g.library} / ${g.fixture}`;

function uniqueByCode(items: Generated[]): Generated[] {
  const seen = new Map<string, Generated>();
  for (const item of items) if (!seen.has(item.code)) seen.set(item.code, item);
  return [...seen.values()];
}

describe("library snippets, over every registry entry that has them", () => {
  it("covers the expected libraries and fixtures", () => {
    expect(libraries.length).toBeGreaterThanOrEqual(30);
    expect(fixtures.length).toBeGreaterThanOrEqual(60);
    expect(generated.length).toBeGreaterThan(libraries.length * fixtures.length * 0.9);
  });

  it("never throws and always returns strings", () => {
    expect(crashes).toEqual([]);
  });

  it("writes Python that parses (ast.parse)", () => {
    const python = uniqueByCode(byLanguage("python"));
    const results = checkPython(python.map((g) => g.code));
    const failures = python.flatMap((g, i) => (results[i] ? [`${label(g)}: ${results[i]}\n${g.code}`] : []));
    expect(failures).toEqual([]);
  });

  it("writes shell that passes bash -n", () => {
    const failures = uniqueByCode(byLanguage("sh")).flatMap((g) => {
      const error = checkShell(g.code);
      return error ? [`${label(g)}: ${error}\n${g.code}`] : [];
    });
    expect(failures).toEqual([]);
  });

  it("writes JavaScript that parses", () => {
    const failures = uniqueByCode(byLanguage("js")).flatMap((g) => {
      const error = checkJavaScript(g.code);
      return error ? [`${label(g)}: ${error}\n${g.code}`] : [];
    });
    expect(failures).toEqual([]);
  });

  it("keeps hostile record text inside string literals", () => {
    const failures: string[] = [];
    for (const language of ["python", "js", "sh"] as const) {
      const hostile = uniqueByCode(byLanguage(language).filter((g) => g.hostile));
      const sources = hostile.map((g) => g.code);
      // testkit's shell scan does not treat a backslash outside quotes as an escape, so it misreads
      // the '\'' idiom of shString; the local scan does.
      const outside =
        language === "sh"
          ? sources.map((code) => shellMarkerOutsideLiterals(code, HOSTILE_MARKER))
          : markerOutsideStrings(language, sources, HOSTILE_MARKER);
      hostile.forEach((g, i) => {
        if (outside[i]) failures.push(`${label(g)} (${language})\n${g.code}`);
      });
    }
    expect(failures).toEqual([]);
  });

  it("indents generated code with multiples of 4 spaces and no tabs", () => {
    const failures = uniqueByCode(generated).filter((g) =>
      g.code.split("\n").some((line) => /^\t/.test(line) || (line.match(/^ */)?.[0].length ?? 0) % 4 !== 0),
    );
    expect(failures.map(label)).toEqual([]);
  });

  it("on a self-hosted hub, never downloads the model from huggingface.co", () => {
    const wrong = generated.filter(
      (g) =>
        g.hubUrl !== undefined &&
        !g.hostile &&
        /https:\/\/(huggingface\.co|hf\.co)\/(?!datasets\/|docs\/)/.test(g.code),
    );
    expect(wrong.map((g) => `${label(g)}\n${g.code}`)).toEqual([]);
  });

  it("uses the model id in every snippet that is not a placeholder", () => {
    const missing = generated.filter(
      (g) =>
        !g.hostile &&
        !g.code.startsWith("# ⚠️") &&
        !g.code.includes("acme/demo-model") &&
        !g.code.includes("demo-model"),
    );
    expect([...new Set(missing.map((g) => g.library))]).toEqual([]);
  });
});
