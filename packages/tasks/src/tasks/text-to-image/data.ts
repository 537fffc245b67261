import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const textToImageTask: TaskDataCustom = {
  summary:
    "Text-to-image models generate a brand-new picture from a written prompt. Diffusion and flow-matching models dominate the task, turning noise into an image that follows the description.",
  datasets: [
    {
      id: "poloclub/diffusiondb",
      description:
        "Millions of images made with Stable Diffusion together with the prompts and settings people used.",
    },
    {
      id: "nlphuji/flickr30k",
      description:
        "Thirty-one thousand photos with five human captions each, a common image–text evaluation set.",
    },
  ],
  models: [
    {
      id: "black-forest-labs/FLUX.1-schnell",
      description: "Distilled rectified-flow transformer that produces good images in one to four steps.",
    },
    {
      id: "stabilityai/stable-diffusion-xl-base-1.0",
      description:
        "SDXL base model, a popular 1024-pixel latent diffusion model with a large LoRA ecosystem.",
    },
  ],
  spaces: [
    {
      id: "black-forest-labs/FLUX.1-schnell",
      description: "Fast prompt-to-image playground for FLUX.1 schnell.",
    },
    {
      id: "stabilityai/stable-diffusion-3.5-large",
      description: "Generate images with Stable Diffusion 3.5 Large and tweak steps and guidance.",
    },
  ],
  metrics: [
    {
      id: "FID",
      description:
        "Fréchet Inception Distance between generated and real image features; lower means more realistic.",
    },
    {
      id: "CLIP score",
      description: "Cosine similarity between CLIP embeddings of the prompt and the generated image.",
    },
    {
      id: "Inception score",
      description: "Rewards images that an Inception classifier finds both confident and diverse.",
    },
  ],
  demo: {
    inputs: [
      {
        type: "text",
        label: "Prompt",
        content: "A red-and-white lighthouse on a rocky coast at sunset, watercolour style",
      },
    ],
    outputs: [{ type: "img", filename: "text-to-image-output.png" }],
  },
  widgetModels: ["black-forest-labs/FLUX.1-schnell"],
  libraries: ["diffusers", "mlx", "diffusion-single-file"],
  about,
};
