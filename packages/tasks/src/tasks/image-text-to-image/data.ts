import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const imageTextToImageTask: TaskDataCustom = {
  summary:
    "Image-text-to-image models edit or re-imagine an input picture by following a written instruction. The image provides identity and layout; the text says what to change.",
  datasets: [
    {
      id: "osunlp/MagicBrush",
      description: "Human-annotated, multi-turn image edits with source image, instruction and target.",
    },
    {
      id: "timbrooks/instructpix2pix-clip-filtered",
      description: "Large synthetic set of instruction-based edits, filtered with CLIP.",
    },
  ],
  models: [
    {
      id: "black-forest-labs/FLUX.1-Kontext-dev",
      description: "Open-weight FLUX model for in-context image editing with character consistency.",
    },
    {
      id: "Qwen/Qwen-Image-Edit",
      description:
        "Qwen image editing model that handles both appearance edits and text rendering inside images.",
    },
    {
      id: "timbrooks/instruct-pix2pix",
      description: "Lightweight instruction-following editor built on Stable Diffusion.",
    },
  ],
  spaces: [
    {
      id: "black-forest-labs/FLUX.1-Kontext-Dev",
      description: "Edit an image with a sentence using FLUX.1 Kontext.",
    },
    { id: "timbrooks/instruct-pix2pix", description: "Upload a picture and describe the edit you want." },
  ],
  metrics: [
    {
      id: "CLIP-T",
      description: "Similarity between the edited image and the instruction or target caption in CLIP space.",
    },
    {
      id: "CLIP-I / DINO",
      description: "Image-embedding similarity with the source, checking that unedited content is preserved.",
    },
    { id: "L1", description: "Mean pixel difference to a reference edit where one exists; lower is better." },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "image-text-to-image-input.png" },
      { type: "text", label: "Instruction", content: "Paint the walls blue and add a rainbow in the sky." },
    ],
    outputs: [{ type: "img", filename: "image-text-to-image-output.png" }],
  },
  widgetModels: ["black-forest-labs/FLUX.1-Kontext-dev"],
  libraries: ["diffusers"],
  about,
};
