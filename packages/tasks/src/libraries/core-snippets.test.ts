import { describe, expect, it } from "vitest";
import type { ModelData } from "../model/model-data.js";
import { MODEL_LIBRARIES_UI_ELEMENTS, type ModelLibraryKey } from "./index.js";

function run(library: ModelLibraryKey, model: Partial<ModelData>): string {
  const generate = MODEL_LIBRARIES_UI_ELEMENTS[library].snippets;
  if (!generate) throw new Error(`${library} has no snippets`);
  return generate({ id: "acme/demo", ...model }).join("\n---\n");
}

describe("transformers", () => {
  it("falls back to the unknown-type placeholder without transformersInfo", () => {
    expect(run("transformers", {})).toContain("Type of model unknown");
  });

  it("writes a pipeline for the task and the auto classes", () => {
    const code = run("transformers", {
      pipeline_tag: "token-classification",
      transformersInfo: { auto_model: "AutoModelForTokenClassification", processor: "AutoTokenizer" },
    });
    expect(code).toContain('pipeline("token-classification", model="acme/demo")');
    expect(code).toContain('AutoModelForTokenClassification.from_pretrained("acme/demo")');
    expect(code).toContain('tokenizer = AutoTokenizer.from_pretrained("acme/demo")');
  });

  it("adds trust_remote_code for custom code and refuses unknown class names", () => {
    const code = run("transformers", {
      pipeline_tag: "feature-extraction",
      tags: ["custom_code"],
      transformersInfo: { auto_model: "os.system", processor: "AutoTokenizer" },
    });
    expect(code).toContain("trust_remote_code=True");
    expect(code).toContain("model = AutoModel.from_pretrained");
    expect(code).not.toContain("os.system");
  });

  it("chats with conversational models and sends images to vision-language ones", () => {
    const chat = run("transformers", {
      pipeline_tag: "text-generation",
      tags: ["conversational"],
      transformersInfo: { auto_model: "AutoModelForCausalLM", processor: "AutoTokenizer" },
    });
    expect(chat).toContain("pipe(messages)");
    expect(chat).toContain("tokenizer.apply_chat_template(chat");
    const vision = run("transformers", {
      pipeline_tag: "image-text-to-text",
      tags: ["conversational"],
      transformersInfo: { auto_model: "AutoModelForImageTextToText", processor: "AutoProcessor" },
    });
    expect(vision).toContain('"type": "image"');
    expect(vision).toContain("pipe(text=messages)");
    expect(vision).toContain("processor.decode(");
  });
});

describe("diffusers and diffusionkit", () => {
  it("loads a LoRA onto its base model with the trigger word", () => {
    const code = run("diffusers", {
      tags: ["lora"],
      cardData: { base_model: ["stabilityai/sdxl"], instance_prompt: "sks dog" },
    });
    expect(code).toContain('DiffusionPipeline.from_pretrained("stabilityai/sdxl"');
    expect(code).toContain('pipe.load_lora_weights("acme/demo")');
    expect(code).toContain('prompt = "sks dog"');
  });

  it("uses the documented constants of each recipe", () => {
    expect(run("diffusers", { pipeline_tag: "text-to-image" })).toContain("num_inference_steps=5");
    const fill = run("diffusers", { config: { diffusers: { _class_name: "FluxFillPipeline" } } });
    expect(fill).toContain("guidance_scale=30");
    expect(fill).toContain("num_inference_steps=50");
    const inpaint = run("diffusers", { pipeline_tag: "image-to-image", tags: ["inpainting"] });
    expect(inpaint).toContain("num_inference_steps=20");
    expect(inpaint).toContain("strength=0.99");
    expect(run("diffusers", { tags: ["textual_inversion"], cardData: { base_model: "b/m" } })).toContain(
      'load_textual_inversion("acme/demo")',
    );
    expect(run("diffusers", { pipeline_tag: "image-to-image" })).toContain("pipe(image=input_image");
  });

  it("runs FLUX in 4 steps and other models in 50", () => {
    expect(run("diffusionkit", { id: "argmaxinc/mlx-FLUX.1-schnell" })).toContain("num_steps=4");
    expect(run("diffusionkit", { id: "argmaxinc/mlx-stable-diffusion-3-medium" })).toContain("num_steps=50");
  });
});

describe("peft", () => {
  it.each([
    ["CAUSAL_LM", "AutoModelForCausalLM"],
    ["SEQ_2_SEQ_LM", "AutoModelForSeq2SeqLM"],
    ["TOKEN_CLS", "AutoModelForTokenClassification"],
    ["SEQ_CLS", "AutoModelForSequenceClassification"],
  ])("maps %s to %s", (taskType, autoClass) => {
    const code = run("peft", {
      config: { peft: { task_type: taskType, base_model_name_or_path: "base/m" } },
    });
    expect(code).toContain(`${autoClass}.from_pretrained("base/m")`);
    expect(code).toContain('PeftModel.from_pretrained(base_model, "acme/demo")');
  });

  it("explains an invalid task type or a missing base model", () => {
    expect(run("peft", { config: { peft: { task_type: "FEATURE_EXTRACTION" } } })).toContain(
      "Task type is invalid.",
    );
    expect(run("peft", { config: { peft: { task_type: "CAUSAL_LM" } } })).toContain(
      "Base model is not found.",
    );
  });
});

describe("speechbrain, sklearn, keras-hub", () => {
  it.each([
    ["EncoderClassifier", "classify_file"],
    ["EncoderDecoderASR", "transcribe_file"],
    ["SpectralMaskEnhancement", "enhance_file"],
    ["SepformerSeparation", "separate_file"],
  ])("calls %s.%s", (speechbrain_interface, method) => {
    const code = run("speechbrain", { config: { speechbrain: { speechbrain_interface } } });
    expect(code).toContain(`${speechbrain_interface}.from_hparams("acme/demo")`);
    expect(code).toContain(`model.${method}(`);
  });

  it("explains a missing or unknown speechbrain interface", () => {
    expect(run("speechbrain", {})).toContain("interface not specified in config.json");
    expect(run("speechbrain", { config: { speechbrain: { speechbrain_interface: "Nope" } } })).toContain(
      "interface in config.json invalid",
    );
  });

  it("loads sklearn estimators by format", () => {
    expect(run("sklearn", {})).toContain("Model filename not specified in config.json");
    const skops = run("sklearn", {
      config: { sklearn: { model: { file: "m.skops" }, model_format: "skops" } },
    });
    expect(skops).toContain("from skops.io import");
    expect(skops).toContain('"m.skops"');
    const pickle = run("sklearn", {
      config: { sklearn: { model: { file: "m.pkl" }, model_format: "pickle" } },
    });
    expect(pickle).toContain("joblib.load(");
  });

  it("writes one loader per keras_hub task plus the backbone", () => {
    const code = run("keras-hub", { config: { keras_hub: { tasks: ["CausalLM", "ImageClassifier"] } } });
    expect(code).toContain('keras_hub.models.CausalLM.from_preset("hf://acme/demo")');
    expect(code).toContain('keras_hub.models.ImageClassifier.from_preset("hf://acme/demo")');
    expect(code).toContain("keras_hub.models.Backbone.from_preset");
  });
});

describe("other core libraries", () => {
  it("compares sentences for sentence-similarity models", () => {
    const code = run("sentence-transformers", {
      pipeline_tag: "sentence-similarity",
      widgetData: [{ source_sentence: "A cat", sentences: ["A dog", "A car"] }],
    });
    expect(code).toContain('source_sentence = "A cat"');
    expect(code).toContain("model.similarity(source_embedding, embeddings)");
  });

  it("covers GGUF through llama-cpp-python and llama.cpp", () => {
    const model = { tags: ["conversational"], siblings: [{ rfilename: "m.Q4_K_M.gguf" }] };
    expect(run("llama-cpp-python", model)).toContain('filename="m.Q4_K_M.gguf"');
    expect(run("gguf", model)).toContain("llama-server -hf 'acme/demo:Q4_K_M'");
  });

  it("uses mlx-lm for text and mlx-vlm for vision models", () => {
    expect(run("mlx", { pipeline_tag: "text-generation" })).toContain("from mlx_lm import generate, load");
    expect(run("mlx", { pipeline_tag: "image-text-to-text" })).toContain(
      "mlx_vlm.generate --model 'acme/demo'",
    );
  });

  it("loads timm, open_clip and ultralytics checkpoints from the Hub", () => {
    expect(run("timm", {})).toContain('timm.create_model("hf_hub:acme/demo", pretrained=True)');
    expect(run("open_clip", {})).toContain('create_model_and_transforms("hf-hub:acme/demo")');
    expect(run("ultralytics", { siblings: [{ rfilename: "yolo11n.pt" }] })).toContain(
      'hf_hub_download("acme/demo", "yolo11n.pt")',
    );
  });
});
