import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readGgufHeader } from "../../src/content/index.js";
import { createTestHub, type TestHub } from "./fixtures.js";
import { buildGguf } from "./gguf-builder.js";
import { tinySafetensors } from "../../src/seed/catalogue/files/safetensors.js";

describe("metadata derivation at each commit", () => {
  let hub: TestHub;
  beforeEach(async () => {
    hub = await createTestHub();
  });
  afterEach(() => hub.close());

  const commitModel = async (id: string, files: Record<string, string | Buffer>) => {
    const repo = hub.platform.repos.get(`model:${id}`) ?? hub.platform.add("model", id);
    await hub.content.commitFiles(repo, {
      files: Object.entries(files).map(([path, content]) => ({ path, content })),
      title: "add",
      author: repo.owner,
    });
    return hub.platform.lastDerived(id)!;
  };

  it("reads the card, base model relations, widget data and chat templates", async () => {
    const derived = await commitModel("alice/chat", {
      "README.md": [
        "---",
        "license: apache-2.0",
        "language: en",
        "datasets: [alice/data]",
        "base_model: meta/llama",
        "tags: [chat]",
        "widget:",
        "  - text: Hello there",
        "---",
        "See https://arxiv.org/abs/2401.12345.",
      ].join("\n"),
      "config.json": JSON.stringify({ architectures: ["MistralForCausalLM"], model_type: "mistral" }),
      "tokenizer_config.json": JSON.stringify({
        chat_template: "{{ messages }}",
        eos_token: "</s>",
        mask_token: { content: "<mask>" },
      }),
      "model.safetensors": Buffer.from(tinySafetensors("chat", 4, 8)),
    });
    expect(derived.warnings).toEqual([]);
    expect(derived.safetensors).toEqual({ parameters: { F16: 32 }, total: 32 });
    expect(derived.library_name).toBe("transformers");
    expect(derived.pipeline_tag).toBe("text-generation");
    expect(derived.widgetData).toEqual([{ text: "Hello there" }]);
    expect(derived.transformersInfo).toEqual({
      auto_model: "AutoModelForCausalLM",
      pipeline_tag: "text-generation",
      processor: "AutoTokenizer",
    });
    expect(derived.config).toMatchObject({
      architectures: ["MistralForCausalLM"],
      tokenizer_config: { chat_template: "{{ messages }}" },
    });
    expect(derived.mask_token).toBe("<mask>");
    expect(derived.tags).toEqual([
      "transformers",
      "safetensors",
      "mistral",
      "text-generation",
      "chat",
      "conversational",
      "en",
      "arxiv:2401.12345",
      "dataset:alice/data",
      "base_model:meta/llama",
      "base_model:finetune:meta/llama",
      "license:apache-2.0",
    ]);
  });

  it("keeps committing when README YAML or JSON configs are malformed", async () => {
    const derived = await commitModel("alice/broken", {
      "README.md": "---\nlicense: [unclosed\n  bad: : yaml\n---\n# text",
      "config.json": "{ not json",
    });
    expect(derived.cardData).toBeUndefined();
    expect(derived.warnings.join("\n")).toMatch(/README\.md front matter is not valid YAML/);
    expect(derived.warnings.join("\n")).toMatch(/config\.json is not valid JSON/);
    expect((await hub.app.request("/alice/broken/resolve/main/config.json")).status).toBe(200);
  });

  it("derives peft adapters, sklearn, keras-hub and chat_template.jinja", async () => {
    const peft = await commitModel("alice/adapter", {
      "README.md": "---\nbase_model: meta/llama\n---\n",
      "adapter_config.json": JSON.stringify({
        task_type: "CAUSAL_LM",
        base_model_name_or_path: "meta/llama",
        peft_type: "LORA",
      }),
      "chat_template.jinja": "{% for m in messages %}{{ m.content }}{% endfor %}",
    });
    expect(peft.library_name).toBe("peft");
    expect(peft.pipeline_tag).toBe("text-generation");
    expect(peft.config).toMatchObject({
      peft: { task_type: "CAUSAL_LM", base_model_name_or_path: "meta/llama" },
      chat_template_jinja: expect.stringContaining("messages"),
    });
    expect(peft.tags).toEqual(
      expect.arrayContaining(["peft", "conversational", "base_model:adapter:meta/llama"]),
    );

    const sklearn = await commitModel("alice/sk", {
      "config.json": JSON.stringify({ sklearn: { model: { file: "model.joblib" } } }),
    });
    expect(sklearn.library_name).toBe("sklearn");
    expect(sklearn.config).toMatchObject({ sklearn: { model: { file: "model.joblib" } } });

    const keras = await commitModel("alice/keras", {
      "metadata.json": JSON.stringify({ keras_hub_version: "0.18.0" }),
      "task.json": JSON.stringify({ class_name: "GemmaCausalLM" }),
    });
    expect(keras.library_name).toBe("keras-hub");
    expect(keras.config).toMatchObject({ keras_hub: { tasks: ["CausalLM"] } });
  });

  it("reads GGUF headers (architecture, context length, chat template, quant type)", async () => {
    const gguf = buildGguf(
      {
        "general.architecture": "llama",
        "llama.context_length": 4096,
        "tokenizer.chat_template": "{{ bos }}",
        "general.file_type": 15,
      },
      5000,
    );
    const header = await readGgufHeader(Readable.from([gguf]));
    expect(header.metadata.get("general.architecture")).toBe("llama");
    expect(header.metadata.get("tokenizer.ggml.tokens.length")).toBe(5000);

    const repo = hub.platform.add("model", "alice/gguf");
    await hub.content.commitFiles(repo, {
      files: [{ path: "README.md", content: "---\nbase_model: meta/llama\n---\n" }],
      title: "card",
      author: "alice",
    });
    // Upload the GGUF as an LFS object, then commit it through the HTTP API.
    const { createHash } = await import("node:crypto");
    const oid = createHash("sha256").update(gguf).digest("hex");
    await hub.content.storeLfsObject(repo, oid, gguf.length, Readable.from([gguf]));
    const body = [
      JSON.stringify({ key: "header", value: { summary: "gguf" } }),
      JSON.stringify({
        key: "lfsFile",
        value: { path: "model-Q4_K_M.gguf", algo: "sha256", oid, size: gguf.length },
      }),
    ].join("\n");
    const response = await hub.app.request("/api/models/alice/gguf/commit/main", {
      method: "POST",
      headers: { Authorization: "Bearer hf_alice" },
      body,
    });
    expect(response.status).toBe(200);
    const derived = hub.platform.lastDerived("alice/gguf")!;
    expect(derived.gguf).toMatchObject({
      architecture: "llama",
      context_length: 4096,
      chat_template: "{{ bos }}",
      files: [{ path: "model-Q4_K_M.gguf", quant: "Q4_K_M", file_type: 15 }],
    });
    expect(derived.library_name).toBe("gguf");
    expect(derived.tags).toEqual(
      expect.arrayContaining(["gguf", "conversational", "base_model:quantized:meta/llama"]),
    );
    const attributes = await hub.content.readFile(repo, "main", ".gitattributes");
    expect(attributes?.toString()).toContain("*.gguf filter=lfs");
  });

  it("derives dataset and space card fields", async () => {
    const dataset = hub.platform.add("dataset", "alice/ds");
    await hub.content.commitFiles(dataset, {
      files: [
        {
          path: "README.md",
          content:
            "---\nlicense: cc-by-4.0\nlanguage: [en]\ntask_categories: [text-classification]\nsize_categories: [1K<n<10K]\n---\n",
        },
      ],
      title: "card",
      author: "alice",
    });
    expect(hub.platform.lastDerived("alice/ds")?.tags).toEqual([
      "task_categories:text-classification",
      "size_categories:1K<n<10K",
      "language:en",
      "license:cc-by-4.0",
    ]);
    const space = hub.platform.add("space", "alice/demo");
    await hub.content.commitFiles(space, {
      files: [
        { path: "README.md", content: "---\ntitle: Demo\nemoji: 🚀\nsdk: gradio\napp_file: app.py\n---\n" },
      ],
      title: "card",
      author: "alice",
    });
    const derived = hub.platform.lastDerived("alice/demo")!;
    expect(derived.sdk).toBe("gradio");
    expect(derived.spaceFields).toMatchObject({ title: "Demo", emoji: "🚀", app_file: "app.py" });
  });
});
