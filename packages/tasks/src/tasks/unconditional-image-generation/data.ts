import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const unconditionalImageGenerationTask: TaskDataCustom = {
  summary:
    "Unconditional image generation samples new images that resemble a training set, with no prompt or input image, only a random seed. It is the simplest setting for learning how diffusion models and GANs work.",
  datasets: [
    {
      id: "huggan/smithsonian_butterflies_subset",
      description: "A thousand museum photos of butterflies, a favourite for first diffusion-training runs.",
    },
    {
      id: "uoft-cs/cifar10",
      description: "Tiny 32×32 images in ten classes, the standard benchmark for small generators.",
    },
  ],
  models: [
    { id: "google/ddpm-cifar10-32", description: "The original DDPM trained on CIFAR-10 at 32×32 pixels." },
    {
      id: "google/ddpm-celebahq-256",
      description: "DDPM that generates 256×256 celebrity-style face portraits.",
    },
  ],
  spaces: [
    {
      id: "huggan/butterfly-gan",
      description: "Generate a batch of imaginary butterflies with a GAN from the HugGAN sprint.",
    },
    {
      id: "huggan/projected_gan_art",
      description: "Sample abstract artworks from a Projected GAN trained on an art collection.",
    },
  ],
  metrics: [
    {
      id: "FID",
      description: "Fréchet Inception Distance between generated and real image statistics; lower is better.",
    },
    {
      id: "Inception score",
      description: "High when samples are individually recognisable and collectively varied.",
    },
    {
      id: "precision and recall",
      description: "Separate measures of sample fidelity (precision) and coverage of the real data (recall).",
    },
  ],
  demo: {
    inputs: [{ type: "text", label: "Seed", content: "42" }],
    outputs: [{ type: "img", filename: "unconditional-image-generation-output.png" }],
  },
  widgetModels: ["google/ddpm-cifar10-32"],
  libraries: ["diffusers"],
  about,
};
