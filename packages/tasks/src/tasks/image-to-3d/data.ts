import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const imageTo3dTask: TaskDataCustom = {
  summary:
    "Image-to-3D models reconstruct a complete 3D object from one or a few photos, guessing the unseen sides from what they learned about shapes. Outputs are usually textured meshes ready for viewers and engines.",
  datasets: [
    {
      id: "allenai/objaverse",
      description: "Large collection of 3D assets whose renders train single-image reconstruction models.",
    },
    {
      id: "allenai/objaverse-xl",
      description: "Over ten million 3D objects from many sources, for scaling 3D generation.",
    },
  ],
  models: [
    {
      id: "stabilityai/TripoSR",
      description:
        "Feed-forward reconstruction of a textured mesh from one image in under a second on a GPU.",
    },
    {
      id: "stabilityai/stable-fast-3d",
      description: "Fast single-image mesh generation with UV-unwrapped textures and material estimates.",
    },
    {
      id: "microsoft/TRELLIS-image-large",
      description: "TRELLIS image-conditioned model producing meshes, radiance fields or Gaussians.",
    },
    {
      id: "tencent/Hunyuan3D-2",
      description: "Two-stage system that generates a detailed shape and then paints its texture.",
    },
  ],
  spaces: [
    { id: "stabilityai/TripoSR", description: "Upload an object photo and download the reconstructed mesh." },
    {
      id: "JeffreyXiang/TRELLIS",
      description: "Turn an image into a 3D asset with TRELLIS and export it as GLB.",
    },
    { id: "tencent/Hunyuan3D-2", description: "Generate textured 3D models from an image with Hunyuan3D 2." },
  ],
  metrics: [
    {
      id: "Chamfer distance",
      description: "Mean closest-point distance between predicted and reference surfaces; lower is better.",
    },
    {
      id: "F-score",
      description:
        "Share of surface points within a distance threshold, balancing precision and recall of geometry.",
    },
    {
      id: "PSNR",
      description: "Pixel fidelity of renders from new viewpoints compared with ground-truth renders.",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "image-to-3d-input.png" }],
    outputs: [{ type: "img", filename: "image-to-3d-output.png" }],
  },
  widgetModels: ["stabilityai/TripoSR"],
  libraries: ["diffusers", "trellis", "hunyuan3d-2"],
  about,
};
