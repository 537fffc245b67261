import { diffusersFiles } from "../files/diffusers-files.js";
import { ggufFiles } from "../files/gguf-files.js";
import { libraryFiles } from "../files/library-files.js";
import {
  mlxFiles,
  sentenceTransformersFiles,
  transformersFiles,
  transformersJsFiles,
} from "../files/transformers-files.js";
import type { DemoFile } from "../types.js";
import { modelReadme } from "./model-card.js";
import type { ModelRow } from "./model-row.js";

function weightAndConfigFiles(row: ModelRow): DemoFile[] {
  switch (row.library) {
    case "transformers":
      return transformersFiles(row);
    case "transformers.js":
      return transformersJsFiles(row);
    case "sentence-transformers":
      return sentenceTransformersFiles(row);
    case "mlx":
      return mlxFiles(row);
    case "diffusers":
      return diffusersFiles(row);
    case "gguf":
      return ggufFiles(row);
    default:
      return libraryFiles(row);
  }
}

/** Every file of a model repository, README first. */
export function modelFiles(row: ModelRow): DemoFile[] {
  const files = weightAndConfigFiles(row);
  return [
    {
      path: "README.md",
      content: modelReadme(
        row,
        files.map((file) => file.path),
      ),
    },
    ...files,
  ];
}
