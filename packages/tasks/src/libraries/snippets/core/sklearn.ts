import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { SNIPPET_PLACEHOLDERS, placeholderSnippet } from "../helpers.js";

function modelFilename(model: ModelData): string | undefined {
  const sklearn = model.config?.sklearn;
  const file = sklearn?.model?.file ?? sklearn?.filename;
  return typeof file === "string" && file !== "" ? file : undefined;
}

function isSkops(model: ModelData, filename: string): boolean {
  const format = model.config?.sklearn?.model_format;
  return format === "skops" || (format === undefined && filename.endsWith(".skops"));
}

/** scikit-learn: downloads the estimator file named in config.json and loads it (skops or pickle). */
export function sklearnSnippets(model: ModelData): string[] {
  const filename = modelFilename(model);
  if (!filename) return [placeholderSnippet(SNIPPET_PLACEHOLDERS.sklearnFilenameMissing)];
  if (isSkops(model, filename)) {
    return [
      python`from huggingface_hub import hf_hub_download
from skops.io import get_untrusted_types, load

path = hf_hub_download(${model.id}, ${filename})
# Review these types before trusting them: loading runs code they define.
unknown_types = get_untrusted_types(file=path)
model = load(path, trusted=unknown_types)`,
    ];
  }
  return [
    python`import joblib
from huggingface_hub import hf_hub_download

# Only unpickle files from sources you trust.
model = joblib.load(hf_hub_download(${model.id}, ${filename}))`,
  ];
}
