import { describe, expect, it } from "vitest";
import { checkPython, checkShell } from "@modelhub/testkit";
import type { ModelData } from "../../../model/model-data.js";
import { ALL_MODEL_LIBRARY_KEYS } from "../../index.js";
import { CORE_SNIPPETS } from "../core-index.js";
import { detectSnippetLanguage } from "../language.js";
import { MORE_SNIPPETS } from "../more-index.js";

const ID = "acme/demo-model";

function run(library: string, record: Partial<ModelData> = {}): string {
  const generate = MORE_SNIPPETS[library];
  if (!generate) throw new Error(`no generator for ${library}`);
  return generate({ id: ID, ...record }).join("\n---\n");
}

/** Records that reach the tag-, id- and config-driven branches the shared battery does not aim at. */
const BRANCH_RECORDS: ModelData[] = [
  { id: "acme/Depth-Anything-V2-Small", tags: ["text-to-mel", "doc_vlm", "smolvla", "bi-encoder", "gguf"] },
  {
    id: "kyutai/moshiko-mlx-q4",
    tags: ["mel-to-wav", "document-parse", "cross-encoder", "pruna_pro-ai", "diffusers"],
  },
  { id: "kyutai/moshiko-candle-q8", tags: ["layout_detection", "transformers", "question-answering"] },
  {
    id: "Qwen/Qwen3-TTS-12Hz-1.7B-VoiceDesign",
    pipeline_tag: "text-classification",
    widgetData: [{ text: "hi" }],
  },
  {
    id: "Qwen/Qwen3-TTS-12Hz-1.7B-CustomVoice",
    config: { architectures: ["ErnieForMaskedLM"], task: "detection" },
  },
  {
    id: "vidore/colqwen2.5-v0.2",
    cardData: { base_model: "bert-base-uncased", instance_prompt: "a sks dog" },
  },
  { id: "Wan-AI/Wan2.2-TI2V-5B", config: { adapter_transformers: { model_name: "roberta-base" } } },
  {
    id: "google/timesfm-2.5-200m-pytorch",
    siblings: [{ rfilename: "distil-whisper_large-v3/AudioEncoder.mlmodelc" }],
  },
  { id: "google/timesfm-2.0-500m-pytorch", pipeline_tag: "text-to-speech" },
  { id: "IndexTeam/IndexTTS-2", tags: ["text-to-speech"] },
  { id: "JeffreyXiang/TRELLIS-text-large" },
  { id: "ResembleAI/chatterbox-multilingual" },
  { id: "FunAudioLLM/CosyVoice2-0.5B" },
  { id: "lerobot/smolvla_base", tags: ["smolvla"] },
];

describe("more snippets: registration", () => {
  it("registers at least 85 libraries, all known to the registry and none owned by the core set", () => {
    const keys = Object.keys(MORE_SNIPPETS);
    expect(keys.length).toBeGreaterThanOrEqual(85);
    expect(keys.filter((k) => !(ALL_MODEL_LIBRARY_KEYS as string[]).includes(k))).toEqual([]);
    expect(keys.filter((k) => Object.hasOwn(CORE_SNIPPETS, k))).toEqual([]);
  });

  it("writes valid code for every branch record", () => {
    const python = new Set<string>();
    const shells = new Set<string>();
    for (const generate of Object.values(MORE_SNIPPETS)) {
      for (const record of BRANCH_RECORDS) {
        for (const code of generate(record))
          (detectSnippetLanguage(code) === "sh" ? shells : python).add(code);
      }
    }
    const sources = [...python];
    const failures = checkPython(sources).flatMap((r, i) => (r ? [`${r}\n${sources[i]}`] : []));
    const shellFailures = [...shells].flatMap((code) => {
      const error = checkShell(code);
      return error ? [`${error}\n${code}`] : [];
    });
    expect(failures).toEqual([]);
    expect(shellFailures).toEqual([]);
  });
});

describe("more snippets: audio", () => {
  it("LVFace embeds faces with a 300 s timeout and the repository's ONNX file", () => {
    const code = run("lvface", { siblings: [{ rfilename: "b/face.onnx" }, { rfilename: "README.md" }] });
    expect(code).toContain("timeout=300");
    expect(code).toContain(`hf_hub_download("${ID}", "b/face.onnx")`);
  });

  it("KittenTTS and ChatTTS write 24000 Hz audio", () => {
    expect(run("kittentts")).toContain('sf.write("kitten.wav", samples, 24000)');
    expect(run("chat_tts")).toContain("24000)");
  });

  it("Qwen3-TTS picks the generation method from the checkpoint kind", () => {
    expect(run("qwen3_tts", { id: "Qwen/Qwen3-TTS-12Hz-1.7B-VoiceDesign" })).toContain(
      "generate_voice_design(",
    );
    expect(run("qwen3_tts", { id: "Qwen/Qwen3-TTS-12Hz-1.7B-CustomVoice" })).toContain(
      "generate_custom_voice(",
    );
    expect(run("qwen3_tts", { id: "Qwen/Qwen3-TTS-12Hz-1.7B-Base" })).toContain("generate_voice_clone(");
  });

  it("TensorFlowTTS separates text-to-mel models from vocoders", () => {
    expect(run("tensorflowtts", { tags: ["text-to-mel"] })).toContain("AutoProcessor.from_pretrained");
    expect(run("tensorflowtts", { tags: ["mel-to-wav"] })).toContain("vocoder.inference(");
  });

  it("Moshi chooses the backend and quantisation flag from the repository name", () => {
    expect(run("moshi", { id: "kyutai/moshiko-mlx-q4" })).toContain(
      "python -m moshi_mlx.local_web -q 4 --hf-repo 'kyutai/moshiko-mlx-q4'",
    );
    expect(run("moshi", { id: "kyutai/moshiko-candle-q8" })).toContain("cargo run");
    expect(run("moshi")).toContain(`loaders.CheckpointInfo.from_hf_repo("${ID}")`);
  });

  it("OuteTTS runs GGUF repositories on the llama.cpp backend", () => {
    expect(run("outetts", { tags: ["gguf"] })).toContain("outetts.Backend.LLAMACPP");
    expect(run("outetts")).toContain('outetts.Models("demo-model")');
  });
});

describe("more snippets: vision and documents", () => {
  it("Depth Anything V2 sizes the network from the repository name", () => {
    const code = run("depth-anything-v2", { id: "depth-anything/Depth-Anything-V2-Small" });
    expect(code).toContain('encoder="vits", features=64, out_channels=[48, 96, 192, 384]');
    expect(code).toContain('filename="depth_anything_v2_vits.pth"');
  });

  it("PaddleOCR maps task tags to module classes and explains unknown tasks", () => {
    expect(run("PaddleOCR", { tags: ["layout_detection"] })).toContain(
      'LayoutDetection(model_name="demo-model")',
    );
    expect(run("PaddleOCR", { id: "PaddlePaddle/PaddleOCR-VL-1.5", tags: ["document-parse"] })).toContain(
      'pipeline_version="v1.5"',
    );
    expect(run("PaddleOCR")).toMatch(/^# ⚠️/);
  });

  it("ColPali picks the retriever class of the family", () => {
    expect(run("colpali", { id: "vidore/colqwen2.5-v0.2" })).toContain("ColQwen2_5.from_pretrained(");
    expect(run("colpali", { id: "vidore/colpali-v1.3" })).toContain("ColPaliProcessor.from_pretrained(");
  });

  it("docTR plugs the Hub model in where config.json says it belongs", () => {
    expect(run("doctr", { config: { task: "detection" } })).toContain("det_arch=hub_model");
    expect(run("doctr", { config: { task: "recognition" } })).toContain("reco_arch=hub_model");
  });

  it("Wan2.2 runs the task of the checkpoint", () => {
    expect(run("wan2.2", { id: "Wan-AI/Wan2.2-TI2V-5B" })).toContain("--task 'ti2v-5B' --size '1280*704'");
    expect(run("wan2.2", { id: "Wan-AI/Wan2.2-I2V-A14B" })).toContain("--task 'i2v-A14B'");
  });
});

describe("more snippets: text and tooling", () => {
  it("PaddleNLP uses the declared architecture or warns that the type is unknown", () => {
    expect(run("paddlenlp", { config: { architectures: ["ErnieForMaskedLM"] } })).toContain(
      `ErnieForMaskedLM.from_pretrained("${ID}", from_hf_hub=True)`,
    );
    const unknown = run("paddlenlp", { config: { architectures: ["os.system('x')"] } });
    expect(unknown).toContain("Type of model unknown");
    expect(unknown).toContain("AutoModel.from_pretrained");
  });

  it("Adapters needs a base model", () => {
    expect(
      run("adapter-transformers", { config: { adapter_transformers: { model_name: "roberta-base" } } }),
    ).toContain('AutoAdapterModel.from_pretrained("roberta-base")');
    expect(run("adapter-transformers")).toContain("Base model is not found.");
  });

  it("AllenNLP asks the widget's question about its passage", () => {
    const code = run("allennlp", {
      pipeline_tag: "question-answering",
      widgetData: [{ text: "Who?", context: "Ann did." }],
    });
    expect(code).toContain('"passage": "Ann did.", "question": "Who?"');
  });

  it("Lightning IR follows the encoder tag", () => {
    expect(run("lightning-ir", { tags: ["cross-encoder"] })).toContain(`CrossEncoderModule("${ID}")`);
    expect(run("lightning-ir")).toContain("# Use CrossEncoderModule instead");
  });

  it("MLC LLM streams a chat built from the widget messages", () => {
    const code = run("mlc-llm", {
      pipeline_tag: "text-generation",
      tags: ["conversational"],
      widgetData: [{ messages: [{ role: "user", content: "Bonjour" }] }],
    });
    expect(code).toContain("mlc_llm chat 'HF://acme/demo-model'");
    expect(code).toContain('"content": "Bonjour"');
  });

  it("Pruna uses the pro package for pruna_pro models", () => {
    expect(run("pruna-ai", { tags: ["pruna_pro-ai"] })).toContain("from pruna_pro import PrunaProModel");
    expect(run("pruna-ai", { tags: ["diffusers"], cardData: { instance_prompt: "a sks dog" } })).toContain(
      'smashed("a sks dog")',
    );
  });

  it("WhisperKit downloads the variant folder the repository holds", () => {
    const code = run("whisperkit", {
      siblings: [{ rfilename: "openai_whisper-tiny/AudioEncoder.mlmodelc/model.mil" }],
    });
    expect(code).toContain("--include 'openai_whisper-tiny/*'");
    expect(code).toContain("--model-path 'whisperkit-models/openai_whisper-tiny'");
  });

  it("TimesFM uses the 2.5 API only for 2.5 checkpoints", () => {
    expect(run("timesfm", { id: "google/timesfm-2.5-200m-pytorch" })).toContain(
      "TimesFM_2p5_200M_torch.from_pretrained(",
    );
    expect(run("timesfm", { id: "google/timesfm-2.0-500m-pytorch" })).toContain("num_layers=50");
  });
});
