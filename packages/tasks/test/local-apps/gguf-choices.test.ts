import { describe, expect, it } from "vitest";
import { defaultGGUFChoice, ggufChoices, pickGGUFChoice, type GGUFChoice } from "../../src/index.js";

const model = (...names: string[]) => ({
  id: "acme/demo",
  siblings: names.map((rfilename) => ({ rfilename })),
});

describe("GGUF choices of a repo", () => {
  it("lists one choice per file, biggest quant first, without projectors or other files", () => {
    const choices = ggufChoices(
      model(
        "README.md",
        "m-Q2_K.gguf",
        "m-Q8_0.gguf",
        "mmproj-m-f16.gguf",
        "sub/m-Q4_K_M.gguf",
        "m.safetensors",
      ),
    );
    expect(choices.map((c) => [c.label, c.file])).toEqual([
      ["Q8_0", "m-Q8_0.gguf"],
      ["Q4_K_M", "sub/m-Q4_K_M.gguf"],
      ["Q2_K", "m-Q2_K.gguf"],
    ]);
  });

  it("groups the shards of a split file under its first shard and drops incomplete sets", () => {
    const choices = ggufChoices(
      model("m-Q6_K-00002-of-00002.gguf", "m-Q6_K-00001-of-00002.gguf", "x-Q5_0-00002-of-00002.gguf"),
    );
    expect(choices).toEqual([
      {
        file: "m-Q6_K-00001-of-00002.gguf",
        files: ["m-Q6_K-00001-of-00002.gguf", "m-Q6_K-00002-of-00002.gguf"],
        quant: "Q6_K",
        label: "Q6_K",
      },
    ]);
  });

  it("labels files without a quant by their name", () => {
    expect(ggufChoices(model("dir/weights.gguf"))).toEqual([
      { file: "dir/weights.gguf", files: ["dir/weights.gguf"], quant: undefined, label: "weights.gguf" },
    ]);
  });

  it("starts on Q4_K_M, else the nearest quant (smaller on a tie), else the first file", () => {
    const pick = (...names: string[]) => defaultGGUFChoice(ggufChoices(model(...names)))?.label;
    expect(pick("m-Q8_0.gguf", "m-Q4_K_M.gguf", "m-Q4_K_S.gguf")).toBe("Q4_K_M");
    expect(pick("m-Q8_0.gguf", "m-Q4_K_S.gguf", "m-Q2_K.gguf")).toBe("Q4_K_S");
    // Q4_1 and Q4_K_S sit one step either side of Q4_K_M: the smaller one wins.
    expect(pick("m-Q4_1.gguf", "m-Q4_K_S.gguf")).toBe("Q4_K_S");
    expect(pick("m-F16.gguf")).toBe("F16");
    expect(pick("a.gguf", "b.gguf")).toBe("a.gguf");
    expect(defaultGGUFChoice([] as GGUFChoice[])).toBeUndefined();
  });

  it("finds the choice of any shard, and falls back to the default for unknown files", () => {
    const m = model("m-Q4_K_M.gguf", "m-Q6_K-00001-of-00002.gguf", "m-Q6_K-00002-of-00002.gguf");
    expect(pickGGUFChoice(m, "m-Q6_K-00002-of-00002.gguf")?.file).toBe("m-Q6_K-00001-of-00002.gguf");
    expect(pickGGUFChoice(m, "gone.gguf")?.file).toBe("m-Q4_K_M.gguf");
    expect(pickGGUFChoice(m)?.file).toBe("m-Q4_K_M.gguf");
    expect(pickGGUFChoice({ id: "a/b" })).toBeUndefined();
  });
});
