import { LOCAL_APPS } from "@modelhub/tasks";
import { describe, expect, it } from "vitest";
import type { RepoInfo } from "@modelhub/api-types";
import { localAppsView } from "./local-apps-view.js";

const HUB = "http://127.0.0.1:8080";

const ggufModel: RepoInfo = {
  id: "acme/tiny-GGUF",
  tags: ["gguf", "text-generation"],
  library_name: "gguf",
  pipeline_tag: "text-generation",
  siblings: [
    { rfilename: "README.md", size: 100 },
    { rfilename: "tiny-Q8_0.gguf", size: 8_000_000_000 },
    { rfilename: "tiny-Q4_K_M.gguf", lfs: { sha256: "x", size: 4_400_000_000, pointerSize: 130 } },
    { rfilename: "tiny-Q6_K-00001-of-00002.gguf", size: 3_000_000_000 },
    { rfilename: "tiny-Q6_K-00002-of-00002.gguf", size: 3_000_000_000 },
  ],
};

describe("local apps card view", () => {
  it("lists the apps for a GGUF repo and starts on llama.cpp with Q4_K_M", () => {
    const view = localAppsView(ggufModel, HUB);
    expect(view?.apps.map((a) => a.label)).toEqual([
      "llama.cpp",
      "Ollama",
      "LM Studio",
      "Jan",
      "Docker Model Runner",
      "llamafile",
    ]);
    expect(view?.active).toMatchObject({ key: "llama.cpp", source: "hub" });
    expect(view?.active.note).toContain("MODEL_ENDPOINT");
    expect(view?.file).toBe("tiny-Q4_K_M.gguf");
    expect(view?.quants).toEqual([
      { value: "tiny-Q8_0.gguf", label: "Q8_0 · 8.00 GB" },
      { value: "tiny-Q6_K-00001-of-00002.gguf", label: "Q6_K · 6.00 GB (2 parts)" },
      { value: "tiny-Q4_K_M.gguf", label: "Q4_K_M · 4.40 GB" },
    ]);
    expect(view?.snippets).toEqual(
      LOCAL_APPS["llama.cpp"].snippet(ggufModel as never, { hubUrl: HUB, file: view?.file }),
    );
  });

  it("follows the chosen app and quant, and falls back when the choice is not offered", () => {
    const view = localAppsView(ggufModel, HUB, "ollama", "tiny-Q8_0.gguf");
    expect(view?.active).toMatchObject({ key: "ollama", source: "file" });
    expect(view?.active.note).toContain("downloads the file from this hub");
    expect(view?.file).toBe("tiny-Q8_0.gguf");
    expect(view?.snippets[0].setup).toContain(`${HUB}/acme/tiny-GGUF/resolve/main/tiny-Q8_0.gguf`);
    expect(localAppsView(ggufModel, HUB, "vllm")?.active.key).toBe("llama.cpp");
  });

  it("shows no quant picker for apps that take a repo id", () => {
    const chat: RepoInfo = { id: "acme/chat", library_name: "transformers", pipeline_tag: "text-generation" };
    const view = localAppsView(chat, HUB);
    expect(view?.apps.map((a) => a.value)).toEqual(["vllm", "sglang"]);
    expect(view?.quants).toEqual([]);
    expect(view?.file).toBeUndefined();
    expect(view?.active.note).toContain("HF_ENDPOINT");
    expect(view?.snippets[0].content).toBe(`HF_ENDPOINT='${HUB}' vllm serve 'acme/chat'`);
  });

  it("says the weights come from huggingface.co when that is the hub", () => {
    expect(localAppsView(ggufModel, "https://huggingface.co")?.active.note).toContain("huggingface.co");
  });

  it("has nothing to show for models no local app runs", () => {
    expect(
      localAppsView({ id: "acme/classifier", pipeline_tag: "text-classification" }, HUB),
    ).toBeUndefined();
  });
});
