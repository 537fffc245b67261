import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const textTo3dTask: TaskDataCustom = {
  summary:
    "Text-to-3D models generate a three-dimensional object, such as a mesh, point cloud or Gaussian splats, from a written description. The result can be rotated, relit and imported into games, AR scenes or 3D printing tools.",
  datasets: [
    {
      id: "allenai/objaverse",
      description: "Hundreds of thousands of annotated 3D objects gathered from the web.",
    },
    {
      id: "tiange/Cap3D",
      description: "Automatically written text descriptions for Objaverse objects, for text-to-3D training.",
    },
  ],
  models: [
    {
      id: "openai/shap-e",
      description:
        "Shap-E, generating implicit 3D functions that render as textured meshes or radiance fields.",
    },
    {
      id: "microsoft/TRELLIS-text-xlarge",
      description: "TRELLIS structured-latent model turning text prompts into high-quality 3D assets.",
    },
  ],
  spaces: [
    { id: "hysts/Shap-E", description: "Type a prompt and get a turntable render of a Shap-E object." },
    {
      id: "ashawkey/LGM",
      description: "Large Multi-View Gaussian Model producing Gaussian-splat objects from text or an image.",
    },
  ],
  metrics: [
    {
      id: "CLIP score",
      description: "Agreement between renders of the object and the prompt, measured in CLIP space.",
    },
    { id: "FID", description: "Distance between rendered views and reference renders of real assets." },
    {
      id: "Chamfer distance",
      description:
        "Average closest-point distance between generated and reference surfaces, when a reference exists.",
    },
  ],
  demo: {
    inputs: [{ type: "text", label: "Prompt", content: "A small wooden crate with metal corners" }],
    outputs: [{ type: "img", filename: "text-to-3d-output.png" }],
  },
  widgetModels: ["openai/shap-e"],
  libraries: ["diffusers", "trellis"],
  about,
};
