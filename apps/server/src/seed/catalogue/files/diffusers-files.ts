import { flag, type ModelRow } from "../models/model-row.js";
import type { DemoFile } from "../types.js";
import { binaryFile, jsonFile } from "./demo-file.js";
import { tinySafetensors } from "./safetensors.js";

const DIFFUSERS_VERSION = "0.32.0";

/** Pipelines built around a diffusion transformer rather than a UNet. */
const TRANSFORMER_PIPELINES =
  /Flux|StableDiffusion3|Wan|LTX|HunyuanVideo|Mochi|CogVideoX|QwenImage|HiDream|AuraFlow|Sana/;

function components(pipeline: string): Record<string, [string, string]> {
  const denoiser: [string, string] = TRANSFORMER_PIPELINES.test(pipeline)
    ? ["diffusers", "Transformer2DModel"]
    : ["diffusers", "UNet2DConditionModel"];
  const key = TRANSFORMER_PIPELINES.test(pipeline) ? "transformer" : "unet";
  if (pipeline === "DDPMPipeline")
    return { unet: ["diffusers", "UNet2DModel"], scheduler: ["diffusers", "DDPMScheduler"] };
  return {
    [key]: denoiser,
    scheduler: [
      "diffusers",
      pipeline.startsWith("Flux") ? "FlowMatchEulerDiscreteScheduler" : "EulerDiscreteScheduler",
    ],
    text_encoder: [
      "transformers",
      pipeline.includes("Wan") || pipeline.includes("Flux") ? "T5EncoderModel" : "CLIPTextModel",
    ],
    tokenizer: [
      "transformers",
      pipeline.includes("Wan") || pipeline.includes("Flux") ? "T5TokenizerFast" : "CLIPTokenizer",
    ],
    vae: ["diffusers", /Video|Wan|LTX|Mochi|CogVideoX/.test(pipeline) ? "AutoencoderKLWan" : "AutoencoderKL"],
  };
}

/** A full pipeline repo (model_index.json plus component folders), a LoRA, or a ControlNet. */
export function diffusersFiles(row: ModelRow): DemoFile[] {
  const pipeline = flag(row, "pipe") ?? "StableDiffusionPipeline";
  if (flag(row, "lora") !== undefined) {
    return [binaryFile("pytorch_lora_weights.safetensors", tinySafetensors(`${row.id}/lora`, 16, 64))];
  }
  if (pipeline === "ControlNetModel") {
    return [
      jsonFile("config.json", {
        _class_name: "ControlNetModel",
        _diffusers_version: DIFFUSERS_VERSION,
        conditioning_channels: 3,
      }),
      binaryFile("diffusion_pytorch_model.safetensors", tinySafetensors(row.id)),
    ];
  }
  const parts = components(pipeline);
  const files: DemoFile[] = [
    jsonFile("model_index.json", { _class_name: pipeline, _diffusers_version: DIFFUSERS_VERSION, ...parts }),
  ];
  for (const [folder, [, className]] of Object.entries(parts)) {
    if (folder === "tokenizer") {
      files.push(
        jsonFile("tokenizer/tokenizer_config.json", { tokenizer_class: className, model_max_length: 77 }),
      );
      continue;
    }
    if (folder === "scheduler") {
      files.push(
        jsonFile("scheduler/scheduler_config.json", {
          _class_name: className,
          _diffusers_version: DIFFUSERS_VERSION,
          num_train_timesteps: 1000,
        }),
      );
      continue;
    }
    files.push(
      jsonFile(`${folder}/config.json`, { _class_name: className, _diffusers_version: DIFFUSERS_VERSION }),
    );
    const weights = folder === "text_encoder" ? "model.safetensors" : "diffusion_pytorch_model.safetensors";
    files.push(binaryFile(`${folder}/${weights}`, tinySafetensors(`${row.id}/${folder}`, 16, 16)));
  }
  return files;
}
