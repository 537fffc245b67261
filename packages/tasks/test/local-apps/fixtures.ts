import type { ModelData } from "../../src/model/model-data.js";
import {
  HOSTILE_MARKER,
  HOSTILE_TEXT,
  buildModelFixtures,
} from "../../src/libraries/fixtures/model-records.js";

export { HOSTILE_MARKER };

export const LOCAL_HUB = "http://127.0.0.1:8080";
export const PUBLIC_HUB = "https://huggingface.co";
/** A hub address nobody should configure, to prove it is quoted like any other text. */
export const HOSTILE_HUB = `http://hub.example/x'$(${HOSTILE_MARKER})\`${HOSTILE_MARKER}\``;

const HOSTILE_ID = `evil"o'rg/${HOSTILE_MARKER}$(${HOSTILE_MARKER})\`${HOSTILE_MARKER}\`\n${HOSTILE_MARKER}`;

export interface LocalAppFixture {
  name: string;
  model: ModelData;
  hostile: boolean;
}

const files = (...names: string[]) => names.map((rfilename) => ({ rfilename }));

function localShapes(text: string): Record<string, Omit<ModelData, "id">> {
  return {
    "gguf quants": {
      library_name: "gguf",
      pipeline_tag: "text-generation",
      tags: ["gguf", "conversational"],
      siblings: files(
        "README.md",
        `${text}-Q8_0.gguf`,
        `sub dir/${text}-Q4_K_M.gguf`,
        "model-IQ2_XS.gguf",
        `mmproj-${text}-f16.gguf`,
      ),
    },
    "gguf split": {
      tags: ["gguf"],
      siblings: files(
        `Big-${text}-Q6_K-00001-of-00002.gguf`,
        `Big-${text}-Q6_K-00002-of-00002.gguf`,
        "Big-Q3_K_M.gguf",
      ),
    },
    "gguf unlabelled": { tags: ["gguf"], siblings: files(`weights ${text}.gguf`) },
    "gguf tag only": { tags: ["gguf"] },
    mlx: {
      library_name: "mlx",
      pipeline_tag: "text-generation",
      tags: ["mlx", text],
      siblings: files("model.safetensors"),
    },
    "mlx vision": { library_name: "mlx", pipeline_tag: "image-text-to-text", tags: ["mlx"] },
    "transformers chat": {
      library_name: "transformers",
      pipeline_tag: "text-generation",
      tags: ["transformers", "conversational", text],
    },
    "transformers vision chat": { library_name: "transformers", pipeline_tag: "image-text-to-text" },
    "transformers classifier": { library_name: "transformers", pipeline_tag: "text-classification" },
    diffusers: { library_name: "diffusers", pipeline_tag: "text-to-image" },
  };
}

/** Local-app shapes, honest and hostile, plus the library-snippet battery's records. */
export function buildLocalAppFixtures(): LocalAppFixture[] {
  const fixtures: LocalAppFixture[] = [];
  for (const hostile of [false, true]) {
    const id = hostile ? HOSTILE_ID : "acme/demo-model";
    const text = hostile ? HOSTILE_TEXT : "plain";
    for (const [name, shape] of Object.entries(localShapes(text)))
      fixtures.push({ name: `${hostile ? "hostile" : "honest"} ${name}`, model: { id, ...shape }, hostile });
  }
  for (const f of buildModelFixtures())
    fixtures.push({ name: `library ${f.name}`, model: f.model, hostile: f.hostile });
  return fixtures;
}
