import { shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { firstFileOr } from "./common.js";

/** Encoderfile: the repo's `.encoderfile` is a self-contained executable (CLI, HTTP, gRPC or MCP). */
export function encoderfileSnippets(model: ModelData): string[] {
  const file = firstFileOr(model, "encoderfile", "model.encoderfile");
  const local = `./${file}`;
  return [
    shell`hf download ${model.id} ${file} --local-dir .
chmod +x ${local}
${local} infer "This is a test sentence"
# Or run it as an HTTP and gRPC server on port 8080 with its serve command`,
  ];
}
