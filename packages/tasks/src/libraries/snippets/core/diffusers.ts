import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { firstBaseModel } from "../../../model/model-data-readers.js";
import { textInputOf } from "../helpers.js";

const DEFAULT_PROMPT = "Astronaut in a jungle, cold color palette, muted colors, detailed, 8k";
const BASE_MODEL_PLACEHOLDER = "<base-model-id>";
const DOCS_IMAGES = "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/diffusers";
const FILL_IMAGES = "https://huggingface.co/datasets/diffusers/diffusers-images-docs/resolve/main";

function has(model: ModelData, tag: string): boolean {
  return model.tags?.includes(tag) ?? false;
}

function pipelineClass(model: ModelData): string | undefined {
  return model.config?.diffusers?._class_name;
}

function promptOf(model: ModelData): string {
  return textInputOf(model) ?? DEFAULT_PROMPT;
}

/** A LoRA's trigger word goes first in the prompt, as its card asks. */
function loraPrompt(model: ModelData): string {
  const trigger = model.cardData?.instance_prompt;
  return typeof trigger === "string" && trigger !== "" ? trigger : promptOf(model);
}

function isFluxFill(model: ModelData): boolean {
  return pipelineClass(model) === "FluxFillPipeline" || /flux.*fill/i.test(model.id);
}

function isInpainting(model: ModelData): boolean {
  return /inpaint/i.test(pipelineClass(model) ?? "") || has(model, "inpainting") || /inpaint/i.test(model.id);
}

function loraSnippet(model: ModelData): string {
  const base = firstBaseModel(model) ?? BASE_MODEL_PLACEHOLDER;
  return python`import torch
from diffusers import DiffusionPipeline

pipe = DiffusionPipeline.from_pretrained(${base}, torch_dtype=torch.bfloat16, device_map="cuda")
pipe.load_lora_weights(${model.id})

prompt = ${loraPrompt(model)}
image = pipe(prompt).images[0]
image.save("lora.png")`;
}

function textualInversionSnippet(model: ModelData): string {
  const base = firstBaseModel(model) ?? BASE_MODEL_PLACEHOLDER;
  return python`import torch
from diffusers import DiffusionPipeline

pipe = DiffusionPipeline.from_pretrained(${base}, torch_dtype=torch.float16, device_map="cuda")
pipe.load_textual_inversion(${model.id})

prompt = ${promptOf(model)}
image = pipe(prompt).images[0]`;
}

function fluxFillSnippet(model: ModelData): string {
  return python`import torch
from diffusers import FluxFillPipeline
from diffusers.utils import load_image

pipe = FluxFillPipeline.from_pretrained(${model.id}, torch_dtype=torch.bfloat16).to("cuda")

# Fill the white area of the mask, guided by the prompt
source = load_image(${`${FILL_IMAGES}/cup.png`})
mask = load_image(${`${FILL_IMAGES}/cup_mask.png`})
result = pipe(
    image=source,
    mask_image=mask,
    prompt="a white paper cup",
    num_inference_steps=50,
    guidance_scale=30,
    width=1232,
    height=1632,
    max_sequence_length=512,
    generator=torch.Generator("cpu").manual_seed(0),
)
result.images[0].save("flux-fill.png")`;
}

function inpaintingSnippet(model: ModelData): string {
  return python`import torch
from diffusers import AutoPipelineForInpainting
from diffusers.utils import load_image

pipe = AutoPipelineForInpainting.from_pretrained(${model.id}, torch_dtype=torch.float16).to("cuda")

source = load_image(${`${DOCS_IMAGES}/inpaint.png`}).resize((1024, 1024))
mask = load_image(${`${DOCS_IMAGES}/inpaint_mask.png`}).resize((1024, 1024))

# Repaint the masked area; strength just under 1 keeps a trace of the original
result = pipe(
    image=source,
    mask_image=mask,
    prompt=${promptOf(model)},
    num_inference_steps=20,
    strength=0.99,
    guidance_scale=8.0,
    generator=torch.Generator("cuda").manual_seed(0),
)
result.images[0].save("inpainted.png")`;
}

function imageToImageSnippet(model: ModelData): string {
  return python`import torch
from diffusers import DiffusionPipeline
from diffusers.utils import load_image

pipe = DiffusionPipeline.from_pretrained(${model.id}, torch_dtype=torch.bfloat16, device_map="cuda")

prompt = ${promptOf(model)}
input_image = load_image(${`${DOCS_IMAGES}/cat.png`})
image = pipe(image=input_image, prompt=prompt).images[0]`;
}

function textToImageSnippet(model: ModelData): string {
  return python`import torch
from diffusers import DiffusionPipeline

pipe = DiffusionPipeline.from_pretrained(${model.id}, torch_dtype=torch.bfloat16, device_map="cuda")

prompt = ${promptOf(model)}
# A quick demo: 5 denoising steps. Raise num_inference_steps for better images.
image = pipe(prompt, num_inference_steps=5).images[0]
image.save("image.png")`;
}

/** diffusers: picks the recipe (LoRA, textual inversion, fill, inpainting, image-to-image, text-to-image). */
export function diffusersSnippets(model: ModelData): string[] {
  if (has(model, "lora")) return [loraSnippet(model)];
  if (has(model, "textual_inversion")) return [textualInversionSnippet(model)];
  if (isFluxFill(model)) return [fluxFillSnippet(model)];
  if (isInpainting(model)) return [inpaintingSnippet(model)];
  if (model.pipeline_tag === "image-to-image") return [imageToImageSnippet(model)];
  return [textToImageSnippet(model)];
}
