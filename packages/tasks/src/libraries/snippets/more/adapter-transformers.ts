import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { SNIPPET_PLACEHOLDERS, placeholderSnippet } from "../helpers.js";
import { baseModelOf, configString } from "./common.js";

/** Adapters: loads the base transformer named in the adapter config, then activates this adapter on it. */
export function adapterTransformersSnippets(model: ModelData): string[] {
  const base = configString(model, "adapter_transformers", "model_name") ?? baseModelOf(model);
  if (!base)
    return [placeholderSnippet(SNIPPET_PLACEHOLDERS.baseModelMissing, "https://docs.adapterhub.ml/")];
  return [
    python`from adapters import AutoAdapterModel

model = AutoAdapterModel.from_pretrained(${base})
adapter_name = model.load_adapter(${model.id}, set_active=True)
print("active adapter:", adapter_name)`,
  ];
}
