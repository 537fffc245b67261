import { python, raw } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { SNIPPET_PLACEHOLDERS, identifierOr } from "../helpers.js";

/** PaddleNLP: tokenizer plus the architecture named in config.json (AutoModel when it is unknown). */
export function paddlenlpSnippets(model: ModelData): string[] {
  const declared = model.config?.architectures?.[0];
  const architecture = identifierOr(declared, "AutoModel");
  const warning = architecture === "AutoModel" ? `# ⚠️ ${SNIPPET_PLACEHOLDERS.typeUnknown}\n` : "";
  return [
    python`${raw(warning)}from paddlenlp.transformers import ${raw(architecture)}, AutoTokenizer

paddle_model = ${raw(architecture)}.from_pretrained(${model.id}, from_hf_hub=True)
paddle_tokenizer = AutoTokenizer.from_pretrained(${model.id}, from_hf_hub=True)`,
  ];
}
