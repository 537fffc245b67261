import { describe, expect, it } from "vitest";
import { LOCAL_APPS } from "../local-apps/index.js";
import type { ModelData } from "../model/model-data.js";
import { librarySnippetsFor, pointSnippetAtHub } from "./index.js";

const HUB = "http://hub.internal:8080";

/** A GGUF repo with three quants: the largest (Q8_0) sorts first, Q4_K_M is the card's default. */
const gguf: ModelData = {
  id: "alice/Tiny-GGUF",
  library_name: "gguf",
  tags: ["gguf", "conversational"],
  pipeline_tag: "text-generation",
  siblings: [
    { rfilename: "Tiny-Q8_0.gguf" },
    { rfilename: "Tiny-Q4_K_M.gguf" },
    { rfilename: "Tiny-Q2_K.gguf" },
  ],
};

const contents = (model: ModelData, library?: string, hubUrl?: string) =>
  librarySnippetsFor(model, library ?? model.library_name, hubUrl).map((s) => s.content);

describe("library snippets on a self-hosted hub", () => {
  it("llama.cpp downloads from this hub, with the Local apps card's default quant and command", () => {
    const [serve, chat] = contents(gguf, "gguf", HUB);
    const card = LOCAL_APPS["llama.cpp"].snippet(gguf, { hubUrl: HUB });
    expect(card[0].content).toBe(`MODEL_ENDPOINT='${HUB}' llama-server -hf 'alice/Tiny-GGUF:Q4_K_M'`);
    expect(serve.split("\n").at(-1)).toBe(card[0].content);
    expect(chat.split("\n").at(-1)).toBe(card[1].content);
    expect(serve).not.toContain("Q8_0");
  });

  it("llama.cpp on huggingface.co sets no endpoint", () => {
    const [serve] = contents(gguf, "gguf");
    expect(serve).not.toContain("MODEL_ENDPOINT");
    expect(serve).toContain("llama-server -hf 'alice/Tiny-GGUF:Q4_K_M'");
    expect(contents(gguf, "gguf", "https://huggingface.co")).toEqual(contents(gguf, "gguf"));
  });

  it("llama-cpp-python loads the default quant through huggingface_hub pointed at this hub", () => {
    const [code] = contents(gguf, "llama-cpp-python", HUB);
    expect(code.startsWith(`import os\nos.environ["HF_ENDPOINT"] = "${HUB}"\n`)).toBe(true);
    expect(code).toContain('filename="Tiny-Q4_K_M.gguf"');
  });

  it("spaCy and EDS-NLP install from this hub's URLs", () => {
    const spacy = contents({ id: "alice/en_demo", library_name: "spacy" }, "spacy", HUB);
    expect(spacy[0]).toBe(`pip install '${HUB}/alice/en_demo/resolve/main/en_demo-any-py3-none-any.whl'`);
    const eds = contents({ id: "alice/eds-demo", library_name: "edsnlp" }, "edsnlp", HUB);
    expect(eds.join("\n")).toContain(`pip install 'git+${HUB}/alice/eds-demo'`);
  });

  it("Transformers.js sets env.remoteHost to this hub", () => {
    const model = { id: "alice/tiny-bert", library_name: "transformers.js", pipeline_tag: "fill-mask" };
    const [code] = contents(model, "transformers.js", HUB);
    expect(code).toContain('import { pipeline, env } from "@huggingface/transformers";');
    expect(code).toContain(`env.remoteHost = "${HUB}/";`);
    expect(contents(model, "transformers.js")[0]).not.toContain("remoteHost");
  });

  it("shell snippets that download through huggingface_hub export HF_ENDPOINT first", () => {
    const [code] = contents({ id: "alice/htr", library_name: "htrflow" }, "htrflow", HUB);
    expect(code.startsWith(`export HF_ENDPOINT='${HUB}'\nhf download 'alice/htr'`)).toBe(true);
    // A snippet that already chooses its endpoint, or installs only, is left alone.
    expect(pointSnippetAtHub("MODEL_ENDPOINT='x' llama-server -hf a/b", HUB)).toBe(
      "MODEL_ENDPOINT='x' llama-server -hf a/b",
    );
    expect(pointSnippetAtHub("pip install foo", HUB)).toBe("pip install foo");
  });

  it("LiteRT-LM downloads the file from this hub first, and lets the CLI fetch it on huggingface.co", () => {
    const model = {
      id: "alice/tiny-litert",
      library_name: "litert-lm",
      siblings: [{ rfilename: "tiny.litertlm" }],
    };
    const [hub] = contents(model, "litert-lm", HUB);
    expect(hub).toContain(`export HF_ENDPOINT='${HUB}'`);
    expect(hub).toContain("hf download 'alice/tiny-litert' 'tiny.litertlm' --local-dir .");
    expect(hub).toContain("litert-lm run './tiny.litertlm'");
    expect(hub).not.toContain("--from-huggingface-repo");
    expect(contents(model, "litert-lm")[0]).toContain(
      "--from-huggingface-repo='alice/tiny-litert' 'tiny.litertlm'",
    );
  });
});
