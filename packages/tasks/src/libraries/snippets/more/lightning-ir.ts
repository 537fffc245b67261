import { python, raw } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { hasTag } from "./common.js";

/** Lightning IR: scores documents for a query with a bi-encoder or a cross-encoder module. */
export function lightningIrSnippets(model: ModelData): string[] {
  const known = hasTag(model, "cross-encoder")
    ? "CrossEncoderModule"
    : hasTag(model, "bi-encoder")
      ? "BiEncoderModule"
      : undefined;
  const moduleClass = raw(known ?? "BiEncoderModule");
  const hint = known ? "" : "# Use CrossEncoderModule instead if this is a cross-encoder\n";
  return [
    python`# pip install lightning-ir
from lightning_ir import ${moduleClass}

${raw(hint)}ranker = ${moduleClass}(${model.id})
scores = ranker.score("what is information retrieval?", ["first document", "second document"])
print(scores)`,
  ];
}
