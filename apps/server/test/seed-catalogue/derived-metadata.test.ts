import { describe, expect, it } from "vitest";
import { ggufQuants } from "../../src/seed/catalogue/files/gguf-files.js";
import { EMBEDDING_FLAG } from "../../src/seed/tiny-gguf/demo-model.js";
import { catalogue, derive, ROW_BY_ID } from "./catalogue-fixture.js";
import type { DerivedMetadata } from "../../src/domain/repo.js";

describe("metadata derived from the generated files", () => {
  const models = catalogue().repos.filter((repo) => repo.type === "model");
  const derived = new Map<string, DerivedMetadata>();

  it("derives the table's pipeline tag and library for every model, without warnings", async () => {
    for (const repo of models) derived.set(repo.id, await derive(repo));
    const mismatches = models.flatMap((repo) => {
      const row = ROW_BY_ID.get(repo.id)!;
      const meta = derived.get(repo.id)!;
      return meta.pipeline_tag === row.task && meta.library_name === row.library
        ? []
        : [`${repo.id}: ${meta.pipeline_tag}/${meta.library_name}`];
    });
    expect(mismatches).toEqual([]);
    expect(models.flatMap((repo) => derived.get(repo.id)!.warnings.map((w) => `${repo.id}: ${w}`))).toEqual(
      [],
    );
  });

  it("marks every chat model conversational through its template", () => {
    const chat = models.filter((repo) => ROW_BY_ID.get(repo.id)!.flags.has("chat"));
    expect(chat.length).toBeGreaterThanOrEqual(60);
    for (const repo of chat) {
      const meta = derived.get(repo.id)!;
      const chatPipeline =
        meta.pipeline_tag === "text-generation" || meta.pipeline_tag === "image-text-to-text";
      if (chatPipeline) expect(meta.tags, repo.id).toContain("conversational");
      const tokenizer = (meta.config?.tokenizer_config ?? {}) as { chat_template?: string };
      expect(tokenizer.chat_template, repo.id).toMatch(/\{%.*messages/s);
    }
  });

  it("reads quant labels, architecture and chat template from the GGUF headers", () => {
    const ggufRepos = models.filter((repo) => ROW_BY_ID.get(repo.id)!.library === "gguf");
    expect(ggufRepos.length).toBeGreaterThanOrEqual(5);
    for (const repo of ggufRepos) {
      const row = ROW_BY_ID.get(repo.id)!;
      const gguf = derived.get(repo.id)!.gguf as {
        architecture?: string;
        context_length?: number;
        chat_template?: string;
        files: { path: string; quant?: string; file_type?: number }[];
      };
      expect(gguf.architecture, repo.id).toBe(row.flags.get("m"));
      expect(gguf.context_length, repo.id).toBe(Number(row.flags.get("ctx")));
      // The embedding model has no chat turns: no template, not conversational.
      const chat = !row.flags.has(EMBEDDING_FLAG);
      expect(Boolean(gguf.chat_template), repo.id).toBe(chat);
      expect(gguf.files.map((file) => file.quant)).toEqual(ggufQuants(row));
      for (const file of gguf.files) expect(file.path.endsWith(`-${file.quant}.gguf`), file.path).toBe(true);
      expect(derived.get(repo.id)!.tags.includes("conversational"), repo.id).toBe(chat);
    }
  });

  it("finds the config each library reads", () => {
    for (const repo of models) {
      const row = ROW_BY_ID.get(repo.id)!;
      const config = (derived.get(repo.id)!.config ?? {}) as Record<
        string,
        Record<string, unknown> | undefined
      >;
      if (row.library === "peft")
        expect(config.peft, repo.id).toMatchObject({
          task_type: row.flags.get("peft"),
          base_model_name_or_path: row.baseModel,
        });
      if (row.library === "speechbrain")
        expect(config.speechbrain?.speechbrain_interface, repo.id).toBe(row.flags.get("si"));
      if (row.library === "sklearn")
        expect((config.sklearn?.model as { file?: string }).file, repo.id).toBe(row.flags.get("skl"));
      if (row.library === "keras-hub") expect(config.keras_hub?.tasks, repo.id).toHaveLength(1);
      if (
        row.library === "diffusers" &&
        !row.flags.has("lora") &&
        row.flags.get("pipe") !== "ControlNetModel"
      ) {
        expect(config.diffusers?._class_name, repo.id).toBe(row.flags.get("pipe"));
      }
      if (row.library === "transformers") {
        expect(config.model_type, repo.id).toBe(row.flags.get("m"));
        expect(derived.get(repo.id)!.transformersInfo, repo.id).toBeDefined();
      }
    }
  });

  it("tags adapters and quantised builds with their base model relation", () => {
    const tagsOf = (id: string) => derived.get(id)!.tags;
    expect(tagsOf("tloen/alpaca-lora-7b")).toContain(
      "base_model:adapter:baffo32/decapoda-research-llama-7B-hf",
    );
    expect(tagsOf("XLabs-AI/flux-RealismLora")).toContain("base_model:adapter:black-forest-labs/FLUX.1-dev");
    expect(tagsOf("bartowski/Llama-3.2-3B-Instruct-GGUF")).toContain(
      "base_model:quantized:meta-llama/Llama-3.2-3B-Instruct",
    );
    expect(tagsOf("meta-llama/Llama-3.1-8B-Instruct")).toContain(
      "base_model:finetune:meta-llama/Llama-3.1-8B",
    );
  });
});
