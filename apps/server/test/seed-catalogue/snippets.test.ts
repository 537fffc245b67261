import { getInferenceSnippets } from "@modelhub/inference";
import { librarySnippetsFor, type ModelData } from "@modelhub/tasks";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogue, derive, modelDataOf } from "./catalogue-fixture.js";

describe("snippets for the catalogue models", () => {
  const { repos, providerMappings } = catalogue();
  const records = new Map<string, ModelData>();

  beforeAll(async () => {
    for (const repo of repos.filter((r) => r.type === "model"))
      records.set(repo.id, modelDataOf(repo, await derive(repo)));
  });

  it("gives every model at least one real library snippet", () => {
    const missing: string[] = [];
    for (const [id, model] of records) {
      const snippets = librarySnippetsFor(model);
      const real = snippets.filter((snippet) => !snippet.content.startsWith("# ⚠️"));
      if (real.length === 0)
        missing.push(
          `${id} (${model.library_name}): ${snippets.map((s) => s.content.split("\n")[0]).join(" | ") || "none"}`,
        );
    }
    expect(missing).toEqual([]);
  });

  it("gives every provider mapping inference snippets", () => {
    const missing: string[] = [];
    for (const mapping of providerMappings) {
      const model = records.get(mapping.modelId)!;
      const providerMapping = { ...mapping, hfModelId: mapping.modelId };
      const routed = getInferenceSnippets(model, mapping.provider, providerMapping);
      const direct = getInferenceSnippets(model, mapping.provider, providerMapping, { directRequest: true });
      if (routed.length === 0 || direct.length === 0)
        missing.push(`${mapping.modelId} via ${mapping.provider} (${mapping.task})`);
      else if (
        mapping.task === "conversational" &&
        !direct.some((s) => s.content.includes(mapping.providerId))
      )
        missing.push(`${mapping.modelId}: no ${mapping.providerId} in direct snippets`);
    }
    expect(missing).toEqual([]);
  });

  it("routes chat models to the chat-completion task", () => {
    const model = records.get("meta-llama/Llama-3.1-8B-Instruct")!;
    const mapping = providerMappings.find((m) => m.modelId === model.id && m.provider === "groq")!;
    const [first] = getInferenceSnippets(
      model,
      "groq",
      { ...mapping, hfModelId: model.id },
      { directRequest: true },
    );
    expect(first.content).toContain("llama-3.1-8b-instant");
    expect(first.content).toMatch(/messages/);
  });
});
