import { describe, expect, it } from "vitest";
import type { ModelTree } from "@modelhub/api-types";
import { childrenHref, modelTreeView } from "./model-tree-view.js";

const none = { adapter: 0, finetune: 0, merge: 0, quantized: 0 };

describe("model tree card view", () => {
  it("shows no card without a base or children, or before the answer", () => {
    expect(modelTreeView(undefined)).toBeUndefined();
    expect(modelTreeView({ _id: "1", id: "acme/solo", childrenModelCount: none })).toBeUndefined();
  });

  it("names the base with its relation and links only bases on this hub", () => {
    const tree: ModelTree = {
      _id: "1",
      id: "bart/Llama-3.1-8B-Instruct-GGUF",
      baseModels: {
        relation: "quantized",
        models: [{ id: "meta-llama/Llama-3.1-8B-Instruct", exists: true }],
      },
      childrenModelCount: none,
    };
    expect(modelTreeView(tree)).toEqual({
      baseLabel: "Base model",
      bases: [{ id: "meta-llama/Llama-3.1-8B-Instruct", href: "/meta-llama/Llama-3.1-8B-Instruct" }],
      relation: "quantized",
      children: [],
    });
    const merge = modelTreeView({
      ...tree,
      baseModels: {
        relation: "merge",
        models: [
          { id: "a/one", exists: true },
          { id: "elsewhere/two", exists: false },
        ],
      },
    });
    expect(merge?.baseLabel).toBe("Base models");
    expect(merge?.bases).toEqual([{ id: "a/one", href: "/a/one" }, { id: "elsewhere/two" }]);
  });

  it("lists the non-zero relations in the Hub's order, each linking to its filtered listing", () => {
    const view = modelTreeView({
      _id: "2",
      id: "meta-llama/Llama-3.1-8B",
      childrenModelCount: { quantized: 3, adapter: 2, finetune: 5, merge: 0 },
    });
    expect(view?.bases).toEqual([]);
    expect(view?.relation).toBeUndefined();
    expect(view?.children.map((c) => `${c.label} ${c.count}`)).toEqual([
      "Adapters 2",
      "Finetunes 5",
      "Quantizations 3",
    ]);
    const quantized = view?.children.find((c) => c.relation === "quantized");
    expect(quantized?.href).toBe(childrenHref("quantized", "meta-llama/Llama-3.1-8B"));
    const url = new URL(quantized?.href ?? "", "http://hub.test");
    expect(url.pathname).toBe("/models");
    expect(url.searchParams.getAll("filter")).toEqual(["base_model:quantized:meta-llama/Llama-3.1-8B"]);
  });

  it("tolerates relations missing from the counts", () => {
    // the wire type has every relation; a partial answer (another hub) must not break the card
    const partial = { merge: 1 } as ModelTree["childrenModelCount"];
    const view = modelTreeView({ _id: "3", id: "a/b", childrenModelCount: partial });
    expect(view?.children).toEqual([
      { relation: "merge", label: "Merges", count: 1, href: childrenHref("merge", "a/b") },
    ]);
  });
});
