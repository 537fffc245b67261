import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { frontMatterOf } from "../../src/cards/front-matter.js";
import { bytesOf, catalogue, fileOf, ROW_BY_ID } from "./catalogue-fixture.js";

function cardOf(text: string): Record<string, unknown> {
  const yaml = frontMatterOf(text);
  if (yaml === undefined) throw new Error("README has no front matter");
  return parse(yaml) as Record<string, unknown>;
}

describe("README front matter", () => {
  const { repos } = catalogue();

  it("parses for every repo, and models agree with the table", () => {
    for (const repo of repos) {
      const readme = fileOf(repo, "README.md");
      expect(readme, repo.id).toBeDefined();
      const card = cardOf(bytesOf(readme!).toString("utf8"));
      if (repo.type !== "model") continue;
      const row = ROW_BY_ID.get(repo.id)!;
      expect(card.pipeline_tag, repo.id).toBe(row.task);
      expect(card.library_name ?? "gguf", repo.id).toBe(row.library);
      expect(card.license, repo.id).toBe(row.license);
      if (row.baseModel) expect(card.base_model, repo.id).toBe(row.baseModel);
    }
  });

  it("gives LoRA adapters a base model and an instance prompt", () => {
    const loras = repos.filter((repo) => repo.type === "model" && ROW_BY_ID.get(repo.id)?.flags.has("lora"));
    expect(loras.length).toBeGreaterThanOrEqual(5);
    for (const repo of loras) {
      const card = cardOf(bytesOf(fileOf(repo, "README.md")!).toString("utf8"));
      expect(card.base_model, repo.id).toBeTruthy();
      expect(Object.hasOwn(card, "instance_prompt"), repo.id).toBe(true);
      expect(card.tags, repo.id).toContain("lora");
    }
  });

  it("points dataset configs at files that exist", () => {
    for (const repo of repos.filter((r) => r.type === "dataset")) {
      const card = cardOf(bytesOf(fileOf(repo, "README.md")!).toString("utf8"));
      expect(card.task_categories, repo.id).toBeInstanceOf(Array);
      expect(card.size_categories, repo.id).toBeInstanceOf(Array);
      const configs = card.configs as { data_files: { split: string; path: string }[] }[];
      for (const file of configs[0].data_files)
        expect(fileOf(repo, file.path), `${repo.id} ${file.path}`).toBeDefined();
    }
  });

  it("describes spaces as static apps whose app file exists", () => {
    for (const repo of repos.filter((r) => r.type === "space")) {
      const card = cardOf(bytesOf(fileOf(repo, "README.md")!).toString("utf8"));
      expect(card).toMatchObject({ sdk: "static", app_file: "index.html" });
      for (const key of ["title", "emoji", "colorFrom", "colorTo"])
        expect(card[key], `${repo.id} ${key}`).toBeTruthy();
      expect(fileOf(repo, "index.html"), repo.id).toBeDefined();
      const missing = (type: string, ids: unknown) =>
        ((ids as string[] | undefined) ?? []).filter(
          (id) => !repos.some((r) => r.type === type && r.id === id),
        );
      expect(missing("model", card.models), repo.id).toEqual([]);
      expect(missing("dataset", card.datasets), repo.id).toEqual([]);
    }
  });
});
