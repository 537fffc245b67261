import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** SAP RPT-1 (OSS): in-context tabular classification and regression with scikit-learn estimators. */
export function sapRpt1OssSnippets(model: ModelData): string[] {
  const prefetch = python`# pip install git+https://github.com/SAP-samples/sap-rpt-1-oss
from huggingface_hub import snapshot_download

snapshot_download(${model.id})  # gated: accept the licence on the Hub and log in first
`;
  return [
    prefetch +
      python`
from sap_rpt_oss import SAP_RPT_OSS_Classifier
from sklearn.datasets import load_breast_cancer
from sklearn.model_selection import train_test_split
from sklearn.metrics import accuracy_score

features, target = load_breast_cancer(return_X_y=True)
x_fit, x_eval, y_fit, y_eval = train_test_split(features, target, test_size=0.5, random_state=0)

# A smaller context or fewer bags use less memory
classifier = SAP_RPT_OSS_Classifier(max_context_size=8192, bagging=8)
classifier.fit(x_fit, y_fit)
print("accuracy:", accuracy_score(y_eval, classifier.predict(x_eval)))`,
    prefetch +
      python`
from sap_rpt_oss import SAP_RPT_OSS_Regressor
from sklearn.datasets import fetch_openml
from sklearn.model_selection import train_test_split
from sklearn.metrics import r2_score

table = fetch_openml(data_id=531, as_frame=True)
x_fit, x_eval, y_fit, y_eval = train_test_split(table.data, table.target.astype(float), test_size=0.5, random_state=0)

regressor = SAP_RPT_OSS_Regressor(max_context_size=8192, bagging=8)
regressor.fit(x_fit, y_fit)
print("R2:", r2_score(y_eval, regressor.predict(x_eval)))`,
  ];
}
