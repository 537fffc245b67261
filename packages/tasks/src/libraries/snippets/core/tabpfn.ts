import { python, raw } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { filesWithExtension } from "../helpers.js";

function isRegressor(model: ModelData): boolean {
  return model.pipeline_tag === "tabular-regression" || /reg/i.test(model.id);
}

/** TabPFN: a pretrained tabular foundation model used like a scikit-learn estimator. */
export function tabpfnSnippets(model: ModelData): string[] {
  const regression = isRegressor(model);
  const estimator = raw(regression ? "TabPFNRegressor" : "TabPFNClassifier");
  const dataset = raw(regression ? "load_diabetes" : "load_breast_cancer");
  const defaultCheckpoint = regression ? "tabpfn-v2-regressor.ckpt" : "tabpfn-v2-classifier.ckpt";
  const checkpoint = filesWithExtension(model, "ckpt")[0] ?? defaultCheckpoint;
  return [
    python`from huggingface_hub import hf_hub_download
from sklearn.datasets import ${dataset}
from sklearn.model_selection import train_test_split
from tabpfn import ${estimator}

X, y = ${dataset}(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3, random_state=42)

model = ${estimator}(model_path=hf_hub_download(${model.id}, ${checkpoint}))
model.fit(X_train, y_train)
predictions = model.predict(X_test)`,
  ];
}
