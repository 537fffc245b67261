import { flag, repoName, type ModelRow } from "../models/model-row.js";
import type { DemoFile } from "../types.js";
import { placeholderWeights } from "./bytes.js";
import { binaryFile, jsonFile, textFile } from "./demo-file.js";
import { tinySafetensors } from "./safetensors.js";

const SPEECHBRAIN_MODULES: Record<string, string> = {
  EncoderClassifier: "speechbrain.inference.classifiers.EncoderClassifier",
  SpeakerRecognition: "speechbrain.inference.speaker.SpeakerRecognition",
  EncoderASR: "speechbrain.inference.ASR.EncoderASR",
  EncoderDecoderASR: "speechbrain.inference.ASR.EncoderDecoderASR",
  SepformerSeparation: "speechbrain.inference.separation.SepformerSeparation",
  SpectralMaskEnhancement: "speechbrain.inference.enhancement.SpectralMaskEnhancement",
  Tacotron2: "speechbrain.inference.TTS.Tacotron2",
  VAD: "speechbrain.inference.VAD.VAD",
};

function speechbrainFiles(row: ModelRow): DemoFile[] {
  const iface = flag(row, "si") ?? "EncoderClassifier";
  const hyperparams = [
    "# Hyperparameters for the pretrained interface (HyperPyYAML).",
    `speechbrain_interface: ${iface}`,
    "sample_rate: 16000",
    "n_mels: 80",
    "compute_features: !new:speechbrain.lobes.features.Fbank",
    "    n_mels: !ref <n_mels>",
    "modules:",
    "    compute_features: !ref <compute_features>",
    "pretrainer: !new:speechbrain.utils.parameter_transfer.Pretrainer",
    "    loadables:",
    "        model: !ref <modules>",
    "",
  ].join("\n");
  return [
    textFile("hyperparams.yaml", hyperparams),
    jsonFile("config.json", {
      speechbrain: { speechbrain_interface: iface, module: SPEECHBRAIN_MODULES[iface] ?? iface },
    }),
    binaryFile("model.ckpt", placeholderWeights(`${row.id}/model.ckpt`)),
  ];
}

function sklearnFiles(row: ModelRow): DemoFile[] {
  const file = flag(row, "skl") ?? "model.pkl";
  const format = file.endsWith(".skops") ? "skops" : "pickle";
  const regression = row.task === "tabular-regression";
  const columns = regression
    ? ["MedInc", "HouseAge", "AveRooms", "AveBedrms", "Population", "Latitude", "Longitude"]
    : ["fixed_acidity", "volatile_acidity", "citric_acid", "residual_sugar", "chlorides", "alcohol"];
  const example = Object.fromEntries(
    columns.map((column, index) => [
      column,
      [Number((1.5 + index * 0.7).toFixed(2)), Number((2.1 + index * 0.4).toFixed(2))],
    ]),
  );
  return [
    jsonFile("config.json", {
      sklearn: {
        model: { file },
        model_format: format,
        task: row.task,
        columns,
        example_input: example,
        environment: ["scikit-learn=1.5.2", "numpy>=1.26"],
      },
    }),
    binaryFile(file, placeholderWeights(`${row.id}/${file}`)),
  ];
}

function kerasHubFiles(row: ModelRow): DemoFile[] {
  const taskClass = flag(row, "kh") ?? "CausalLM";
  const backbone = taskClass.replace(
    /(CausalLM|TextClassifier|ImageClassifier|TextToImage|AudioToText)$/,
    "Backbone",
  );
  return [
    jsonFile("metadata.json", {
      keras_version: "3.6.0",
      keras_hub_version: "0.18.1",
      parameter_count: 2_506_172_416,
      date_saved: "2024-11-20@10:12:00",
    }),
    jsonFile("config.json", {
      module: "keras_hub.src.models",
      class_name: backbone,
      config: { name: repoName(row.id), trainable: true },
      registered_name: `keras_hub>${backbone}`,
    }),
    jsonFile("task.json", {
      module: "keras_hub.src.models",
      class_name: taskClass,
      config: { backbone: { class_name: backbone } },
      registered_name: `keras_hub>${taskClass}`,
    }),
    jsonFile("preprocessor.json", {
      module: "keras_hub.src.models",
      class_name: `${backbone.replace(/Backbone$/, "")}Preprocessor`,
    }),
    binaryFile("model.weights.h5", placeholderWeights(`${row.id}/model.weights.h5`)),
  ];
}

function peftFiles(row: ModelRow): DemoFile[] {
  const taskType = flag(row, "peft") ?? "CAUSAL_LM";
  return [
    jsonFile("adapter_config.json", {
      peft_type: "LORA",
      task_type: taskType,
      base_model_name_or_path: row.baseModel,
      r: 16,
      lora_alpha: 32,
      lora_dropout: 0.05,
      target_modules: taskType === "SEQ_2_SEQ_LM" ? ["q", "v"] : ["q_proj", "v_proj"],
      inference_mode: true,
    }),
    binaryFile("adapter_model.safetensors", tinySafetensors(`${row.id}/adapter`, 16, 64)),
  ];
}

function kerasFiles(row: ModelRow): DemoFile[] {
  return [
    jsonFile("config.json", {
      module: "keras",
      class_name: "Functional",
      config: { name: repoName(row.id) },
    }),
    jsonFile("metadata.json", { keras_version: "3.6.0", date_saved: "2024-10-02@14:00:00" }),
    binaryFile("model.weights.h5", placeholderWeights(`${row.id}/model.weights.h5`)),
  ];
}

function tfKerasFiles(row: ModelRow): DemoFile[] {
  return [
    binaryFile("saved_model.pb", placeholderWeights(`${row.id}/saved_model.pb`)),
    binaryFile("keras_metadata.pb", placeholderWeights(`${row.id}/keras_metadata.pb`, 512)),
    binaryFile("variables/variables.index", placeholderWeights(`${row.id}/variables.index`, 256)),
    binaryFile("variables/variables.data-00000-of-00001", placeholderWeights(`${row.id}/variables.data`)),
  ];
}

function timmFiles(row: ModelRow): DemoFile[] {
  const architecture = repoName(row.id).split(".")[0];
  return [
    jsonFile("config.json", {
      architecture,
      num_classes: row.id.includes("in22k") && !row.id.includes("in1k") ? 21841 : 1000,
      num_features: 768,
      pretrained_cfg: {
        tag: repoName(row.id).split(".")[1] ?? "",
        input_size: [3, 224, 224],
        mean: [0.485, 0.456, 0.406],
        std: [0.229, 0.224, 0.225],
      },
    }),
    binaryFile("model.safetensors", tinySafetensors(row.id)),
  ];
}

function spacyFiles(row: ModelRow): DemoFile[] {
  const name = repoName(row.id);
  const lang = row.languages[0] ?? "en";
  return [
    jsonFile("meta.json", {
      lang,
      name: name.replace(/^[a-z]{2}_/, ""),
      version: "3.8.0",
      spacy_version: ">=3.8.0,<3.9.0",
      pipeline: ["tok2vec", "tagger", "parser", "attribute_ruler", "lemmatizer", "ner"],
    }),
    textFile(
      "config.cfg",
      `[nlp]\nlang = "${lang}"\npipeline = ["tok2vec","tagger","parser","attribute_ruler","lemmatizer","ner"]\n\n[components.ner]\nfactory = "ner"\n`,
    ),
    binaryFile(`${name}-any-py3-none-any.whl`, placeholderWeights(`${row.id}/wheel`)),
  ];
}

function setfitFiles(row: ModelRow): DemoFile[] {
  return [
    jsonFile("config.json", { architectures: ["MPNetModel"], model_type: "mpnet" }),
    jsonFile("config_setfit.json", { labels: ["negative", "positive"], normalize_embeddings: false }),
    jsonFile("modules.json", [
      { idx: 0, name: "0", path: "", type: "sentence_transformers.models.Transformer" },
    ]),
    binaryFile("model.safetensors", tinySafetensors(row.id)),
    binaryFile("model_head.pkl", placeholderWeights(`${row.id}/head`, 512)),
  ];
}

function stableBaselinesFiles(row: ModelRow): DemoFile[] {
  const name = repoName(row.id);
  return [
    binaryFile(`${name}.zip`, placeholderWeights(`${row.id}/zip`)),
    jsonFile("results.json", {
      mean_reward: 487.5,
      std_reward: 12.4,
      n_eval_episodes: 10,
      env_id: name.split("-").slice(1).join("-"),
    }),
    textFile("config.yml", `algo: ${name.split("-")[0]}\nn_timesteps: 100000\npolicy: MlpPolicy\n`),
  ];
}

type LayoutKind = "safetensors" | "bin" | "json" | "yaml";

/** Weight and config file names for libraries that need nothing beyond their usual artifacts. */
const SIMPLE_LAYOUTS: Record<string, (row: ModelRow) => [path: string, kind: LayoutKind][]> = {
  flair: () => [["pytorch_model.bin", "bin"]],
  "span-marker": () => [
    ["config.json", "json"],
    ["model.safetensors", "safetensors"],
  ],
  gliner: () => [
    ["gliner_config.json", "json"],
    ["pytorch_model.bin", "bin"],
  ],
  gliner2: () => [
    ["config.json", "json"],
    ["model.safetensors", "safetensors"],
  ],
  model2vec: () => [
    ["config.json", "json"],
    ["model.safetensors", "safetensors"],
  ],
  bertopic: () => [
    ["config.json", "json"],
    ["topics.json", "json"],
    ["topic_embeddings.safetensors", "safetensors"],
  ],
  fasttext: () => [["model.bin", "bin"]],
  nemo: (row) => [[`${repoName(row.id)}.nemo`, "bin"]],
  "pyannote-audio": () => [
    ["config.yaml", "yaml"],
    ["pytorch_model.bin", "bin"],
  ],
  asteroid: () => [["pytorch_model.bin", "bin"]],
  espnet: () => [
    ["config.yaml", "yaml"],
    ["exp/valid.acc.ave.pth", "bin"],
  ],
  fastai: () => [
    ["model.pkl", "bin"],
    ["config.json", "json"],
  ],
  tabpfn: (row) => [
    [row.task === "tabular-regression" ? "tabpfn-v2-regressor.ckpt" : "tabpfn-v2-classifier.ckpt", "bin"],
  ],
  "chronos-forecasting": () => [
    ["config.json", "json"],
    ["model.safetensors", "safetensors"],
  ],
  ultralytics: (row) => [
    [`${repoName(row.id).toLowerCase()}n.pt`, "bin"],
    [`${repoName(row.id).toLowerCase()}s.pt`, "bin"],
  ],
  yolov10: () => [
    ["config.json", "json"],
    ["model.safetensors", "safetensors"],
  ],
  "ml-agents": (row) => [
    [`${repoName(row.id).replace(/^ppo-/, "")}.onnx`, "bin"],
    ["configuration.yaml", "yaml"],
  ],
  "sample-factory": () => [
    ["cfg.json", "json"],
    ["checkpoint_p0/best_000000000_0_reward_50.pth", "bin"],
  ],
  audiocraft: () => [
    ["state_dict.bin", "bin"],
    ["compression_state_dict.bin", "bin"],
  ],
  open_clip: () => [
    ["open_clip_config.json", "json"],
    ["open_clip_model.safetensors", "safetensors"],
  ],
  diffusionkit: () => [
    ["config.json", "json"],
    ["sd3_medium.safetensors", "safetensors"],
  ],
  "adapter-transformers": () => [
    ["adapter_config.json", "json"],
    ["head_config.json", "json"],
    ["pytorch_adapter.bin", "bin"],
  ],
  "mamba-ssm": () => [
    ["config.json", "json"],
    ["pytorch_model.bin", "bin"],
  ],
  "mlx-image": () => [["model.safetensors", "safetensors"]],
  "unity-sentis": (row) => [[`${repoName(row.id)}.sentis`, "bin"]],
  stanza: () => [
    ["models/default.zip", "bin"],
    ["models/resources.json", "json"],
  ],
  edsnlp: () => [
    ["config.cfg", "yaml"],
    ["ner/model.safetensors", "safetensors"],
  ],
  hezar: () => [
    ["model_config.yaml", "yaml"],
    ["model.pt", "bin"],
  ],
  bm25s: () => [
    ["params.index.json", "json"],
    ["vocab.index.json", "json"],
    ["corpus.jsonl", "json"],
  ],
  sam2: (row) => [[`${repoName(row.id).replace(/[.-]/g, "_")}.pt`, "bin"]],
  "depth-pro": () => [["depth_pro.pt", "bin"]],
  "depth-anything-v2": () => [["depth_anything_v2_vitl.pth", "bin"]],
  "perception-encoder": (row) => [[`${repoName(row.id)}.pt`, "bin"]],
  videoprism: () => [["flax_base_f16r288_repeated.npz", "bin"]],
  sana: (row) => [
    ["config.json", "json"],
    [`checkpoints/${repoName(row.id)}.pth`, "bin"],
  ],
  "mesh-anything": () => [["MeshAnything_350m.pth", "bin"]],
  whisperkit: () => [
    ["openai_whisper-large-v3/config.json", "json"],
    ["openai_whisper-large-v3/AudioEncoder.mlmodelc/model.mil", "bin"],
  ],
  audioseal: () => [
    ["generator_base.pth", "bin"],
    ["detector_base.pth", "bin"],
  ],
  chat_tts: () => [
    ["config/path.yaml", "yaml"],
    ["asset/GPT.pt", "bin"],
    ["asset/Decoder.pt", "bin"],
  ],
  chatterbox: () => [
    ["tokenizer.json", "json"],
    ["t3_cfg.safetensors", "safetensors"],
    ["s3gen.safetensors", "safetensors"],
  ],
  moshi: () => [
    ["tokenizer-e351c8d8-checkpoint125.safetensors", "safetensors"],
    ["model.safetensors", "safetensors"],
  ],
  timesfm: () => [
    ["config.json", "json"],
    ["torch_model.ckpt", "bin"],
  ],
  tirex: () => [["model.ckpt", "bin"]],
  anemoi: (row) => [[`${repoName(row.id)}.ckpt`, "bin"]],
};

function simpleFiles(row: ModelRow): DemoFile[] {
  const layout = SIMPLE_LAYOUTS[row.library]?.(row) ?? [
    ["config.json", "json"],
    ["model.safetensors", "safetensors"],
  ];
  return layout.map(([path, kind]): DemoFile => {
    switch (kind) {
      case "safetensors":
        return binaryFile(path, tinySafetensors(`${row.id}/${path}`));
      case "bin":
        return binaryFile(path, placeholderWeights(`${row.id}/${path}`));
      case "yaml":
        return textFile(
          path,
          `# ${row.library} configuration for ${repoName(row.id)}\ntask: ${row.task}\nsample_rate: 16000\n`,
        );
      default:
        return jsonFile(path, { library_name: row.library, task: row.task, name: repoName(row.id) });
    }
  });
}

/** Files a non-transformers library reads, keyed by library name. */
export function libraryFiles(row: ModelRow): DemoFile[] {
  switch (row.library) {
    case "speechbrain":
      return speechbrainFiles(row);
    case "sklearn":
      return sklearnFiles(row);
    case "keras-hub":
      return kerasHubFiles(row);
    case "keras":
      return kerasFiles(row);
    case "tf-keras":
      return tfKerasFiles(row);
    case "peft":
    case "colpali":
      return peftFiles(row);
    case "timm":
      return timmFiles(row);
    case "spacy":
      return spacyFiles(row);
    case "setfit":
      return setfitFiles(row);
    case "stable-baselines3":
      return stableBaselinesFiles(row);
    default:
      return simpleFiles(row);
  }
}
