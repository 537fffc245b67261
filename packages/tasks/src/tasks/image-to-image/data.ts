import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const imageToImageTask: TaskDataCustom = {
  summary:
    "Image-to-image models transform an input picture into a new one: sharper, larger, restyled, recoloured, or with a region filled in. Restoration, inpainting and controlled generation all belong here.",
  datasets: [
    {
      id: "timbrooks/instructpix2pix-clip-filtered",
      description: "Before/after image pairs with the edit instruction that links them.",
    },
    {
      id: "fusing/fill50k",
      description:
        "Fifty thousand circle outlines paired with filled renderings, the classic ControlNet training toy set.",
    },
  ],
  models: [
    {
      id: "caidas/swin2SR-classical-sr-x2-64",
      description: "Swin2SR super-resolution model that doubles image size while restoring detail.",
    },
    {
      id: "lllyasviel/sd-controlnet-canny",
      description: "ControlNet that steers Stable Diffusion with an edge map extracted from the input.",
    },
    {
      id: "timbrooks/instruct-pix2pix",
      description: "Diffusion model that edits a photo following a short written instruction.",
    },
  ],
  spaces: [
    {
      id: "hysts/ControlNet",
      description: "Condition image generation on edges, depth, pose and other maps from your own picture.",
    },
    {
      id: "timbrooks/instruct-pix2pix",
      description: "Edit an uploaded picture by typing what should change.",
    },
  ],
  metrics: [
    {
      id: "PSNR",
      description: "Peak signal-to-noise ratio against a reference image; higher means closer pixels.",
    },
    {
      id: "SSIM",
      description:
        "Structural similarity: compares local luminance, contrast and structure with the reference.",
    },
    {
      id: "LPIPS",
      description:
        "Learned perceptual distance between two images; lower means they look more alike to people.",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "image-to-image-input.png" },
      { type: "text", label: "Prompt", content: "The same cottage in deep winter, snow on the ground" },
    ],
    outputs: [{ type: "img", filename: "image-to-image-output.png" }],
  },
  widgetModels: ["timbrooks/instruct-pix2pix"],
  libraries: ["diffusers", "transformers", "transformers.js"],
  about,
};
