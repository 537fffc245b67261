import { describe, expect, it } from "vitest";
import { countDownloadsMatches, parseDownloadQuery } from "../downloads/index.js";
import {
  ALL_MODEL_LIBRARY_KEYS,
  FILTERABLE_MODEL_LIBRARY_KEYS,
  LIBRARY_TASKS,
  MODEL_LIBRARIES_UI_ELEMENTS,
  SNIPPET_GENERATORS,
  isModelLibraryKey,
  libraryUiElement,
  librarySnippetsFor,
} from "./index.js";
import { LIBRARY_ENTRY_GROUPS } from "./registry/index.js";
import { isPipelineType } from "../pipelines/pipeline-types.js";

const entries = Object.entries(MODEL_LIBRARIES_UI_ELEMENTS);

function isWellFormedUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (
      (url.protocol === "https:" || url.protocol === "http:") &&
      url.hostname.includes(".") &&
      !/\s/.test(text)
    );
  } catch {
    return false;
  }
}

describe("model-library registry", () => {
  it("holds the libraries the Hub recognises", () => {
    expect(ALL_MODEL_LIBRARY_KEYS.length).toBeGreaterThanOrEqual(220);
    for (const key of [
      "transformers",
      "diffusers",
      "sentence-transformers",
      "peft",
      "timm",
      "gguf",
      "mlx",
      "onnx",
    ]) {
      expect(isModelLibraryKey(key), key).toBe(true);
    }
  });

  it("defines every key once across the data files", () => {
    const keys = LIBRARY_ENTRY_GROUPS.flatMap((group) => Object.keys(group));
    const duplicates = keys.filter((key, i) => keys.indexOf(key) !== i);
    expect(duplicates).toEqual([]);
    expect(new Set(keys.map((k) => k.toLowerCase())).size).toBe(keys.length);
  });

  it("has a label, a repository name and well-formed URLs for every library", () => {
    for (const [key, lib] of entries) {
      expect(lib.prettyLabel.trim(), key).not.toBe("");
      expect(lib.repoName.trim(), key).not.toBe("");
      expect(isWellFormedUrl(lib.repoUrl), `${key} repoUrl ${lib.repoUrl}`).toBe(true);
      if (lib.docsUrl !== undefined)
        expect(isWellFormedUrl(lib.docsUrl), `${key} docsUrl ${lib.docsUrl}`).toBe(true);
    }
  });

  it("gives every filterable library a snippet or a docs URL", () => {
    expect(FILTERABLE_MODEL_LIBRARY_KEYS.length).toBeGreaterThan(30);
    const bare = FILTERABLE_MODEL_LIBRARY_KEYS.filter((key) => {
      const lib = MODEL_LIBRARIES_UI_ELEMENTS[key];
      return lib.snippets === undefined && lib.docsUrl === undefined;
    });
    expect(bare).toEqual([]);
  });

  it("parses every countDownloads rule", () => {
    for (const [key, lib] of entries) {
      if (lib.countDownloads !== undefined)
        expect(() => parseDownloadQuery(lib.countDownloads ?? ""), key).not.toThrow();
    }
    expect(countDownloadsMatches(MODEL_LIBRARIES_UI_ELEMENTS.timm.countDownloads, "model.safetensors")).toBe(
      true,
    );
    expect(
      countDownloadsMatches(MODEL_LIBRARIES_UI_ELEMENTS.transformers.countDownloads, "config.json"),
    ).toBe(true);
  });

  it("attaches a generator only to registry keys", () => {
    const orphans = Object.keys(SNIPPET_GENERATORS).filter((key) => !isModelLibraryKey(key));
    expect(orphans).toEqual([]);
    for (const key of Object.keys(SNIPPET_GENERATORS))
      expect(libraryUiElement(key)?.snippets, key).toBeDefined();
  });

  it("maps libraries to real pipeline tasks", () => {
    const mapped = Object.entries(LIBRARY_TASKS);
    expect(mapped.length).toBeGreaterThanOrEqual(60);
    for (const [key, tasks] of mapped) {
      expect(isModelLibraryKey(key), key).toBe(true);
      for (const task of tasks ?? []) expect(isPipelineType(task), `${key}: ${task}`).toBe(true);
    }
  });

  it("finds a model's snippets by its library_name, with their language", () => {
    const snippets = librarySnippetsFor({ id: "acme/tiny", library_name: "spacy" });
    expect(snippets.map((s) => s.language)).toEqual(["sh", "python"]);
    expect(librarySnippetsFor({ id: "acme/tiny", library_name: "no-such-library" })).toEqual([]);
    expect(libraryUiElement("__proto__")).toBeUndefined();
  });

  it("holds the 38 library keys added to the public registry, with snippets where the API is confirmed", () => {
    const added = [
      "aneforge",
      "causilo",
      "ccpfn",
      "chexmix",
      "cortiq",
      "encoderfile",
      "flexray",
      "flextab",
      "gaussianformer",
      "gliformer",
      "jev-style",
      "laya",
      "longcat-video-avatar-1.5",
      "ltx",
      "magenta-realtime-2",
      "mect",
      "memra",
      "mflux",
      "microduck",
      "minimax-h3",
      "mobilint",
      "montreal-forced-aligner",
      "multimolecule",
      "ninfer",
      "nobg",
      "openasr",
      "opendde",
      "piper",
      "routee-powertrain",
      "rwkv",
      "scail-2",
      "shadow",
      "stable-audio-3",
      "timee-ts",
      "tirex-2",
      "tunejury",
      "vqweb",
      "zeromodels",
    ];
    expect(added).toHaveLength(38);
    expect(added.filter((key) => !isModelLibraryKey(key))).toEqual([]);
    const withSnippets = added.filter((key) => libraryUiElement(key)?.snippets !== undefined);
    expect(withSnippets.sort()).toEqual(
      [
        "encoderfile",
        "flexray",
        "gliformer",
        "jev-style",
        "laya",
        "ltx",
        "mobilint",
        "montreal-forced-aligner",
        "multimolecule",
        "ninfer",
        "nobg",
        "openasr",
        "opendde",
        "piper",
        "rwkv",
        "tirex-2",
        "tunejury",
        "zeromodels",
      ].sort(),
    );
    for (const key of withSnippets) {
      const snippets = librarySnippetsFor({ id: "acme/tiny", library_name: key, pipeline_tag: "fill-mask" });
      expect(snippets.length, key).toBeGreaterThan(0);
      expect(
        snippets.every((s) => s.content.includes("tiny")),
        key,
      ).toBe(true);
    }
    const rule = (key: string) => libraryUiElement(key)?.countDownloads;
    expect(countDownloadsMatches(rule("causilo"), "causilo/classifier/model.safetensors")).toBe(true);
    expect(countDownloadsMatches(rule("piper"), "en/en_US/voice.onnx")).toBe(true);
    expect(countDownloadsMatches(rule("opendde"), "opendde.pt")).toBe(true);
    expect(countDownloadsMatches(rule("zeromodels"), "kf_config.json")).toBe(true);
    expect(countDownloadsMatches(rule("zeromodels"), "zm_config.json")).toBe(true);
  });

  it("fills in snippets for libraries whose API is now confirmed", () => {
    for (const key of ["litert-lm", "litert", "onnx", "yolov26", "lightglue", "kronos"])
      expect(libraryUiElement(key)?.snippets, key).toBeDefined();
  });

  it("writes the Piper and MFA commands from the repo's files", () => {
    const voice = "en/en_US/lessac/medium/en_US-lessac-medium.onnx";
    const [piper] = librarySnippetsFor({
      id: "acme/voices",
      library_name: "piper",
      siblings: [{ rfilename: voice }, { rfilename: `${voice}.json` }],
    });
    expect(piper.content).toContain(
      `hf download 'acme/voices' '${voice}' '${voice}.json' --local-dir voices`,
    );
    expect(piper.content).toContain("--data-dir 'voices/en/en_US/lessac/medium' -m 'en_US-lessac-medium'");
    const [mfa] = librarySnippetsFor({
      id: "acme/mfa",
      library_name: "montreal-forced-aligner",
      siblings: [{ rfilename: "english_mfa.zip" }],
    });
    expect(mfa.content).toContain("\nmfa model download dictionary english_mfa\n");
    expect(mfa.content).toContain("mfa align ./corpus 'english_mfa' 'mfa_model/english_mfa.zip' ./aligned");
  });
});
