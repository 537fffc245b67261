export const tabularClassificationAbout = `## Where it is used

### Risk and fraud
Score loan applications, insurance claims or card transactions for the chance that they default or are fraudulent.

### Customer analytics
Predict churn, upgrade propensity or which offer a customer is most likely to accept, from account and usage columns.

### Operations and health
Flag machines likely to fail from sensor readings, or triage patients from vital signs and lab results (with clinical oversight).

## Choosing a method
| Data size | Strong default |
| --- | --- |
| Up to about 10,000 rows | a tabular foundation model such as TabPFN, or a tuned gradient-boosted model |
| Thousands to millions of rows | gradient-boosted trees (XGBoost, LightGBM, CatBoost, scikit-learn HistGradientBoosting) |
| Text or image columns mixed in | embed those columns with a pre-trained model, then feed the vectors to the tree model |

Deep networks designed for tables can match trees on some benchmarks but need more tuning; try trees first.

## How to run it

A scikit-learn pipeline that handles numeric and categorical columns:

~~~python
from datasets import load_dataset
from sklearn.compose import make_column_transformer
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OrdinalEncoder

census = load_dataset("scikit-learn/adult-census-income", split="train").to_pandas()
target = (census.pop("income") == ">50K").astype(int)
categorical = census.select_dtypes("object").columns

model = make_pipeline(
    make_column_transformer(
        (OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1), categorical),
        remainder="passthrough",
    ),
    HistGradientBoostingClassifier(max_iter=300, learning_rate=0.08),
)
X_train, X_test, y_train, y_test = train_test_split(census, target, stratify=target, random_state=7)
model.fit(X_train, y_train)
print("ROC AUC:", roc_auc_score(y_test, model.predict_proba(X_test)[:, 1]))
~~~

TabPFN follows the familiar fit/predict interface but does no gradient training; fit just stores the data as context:

~~~python
from tabpfn import TabPFNClassifier

clf = TabPFNClassifier()
clf.fit(X_train_small, y_train_small)  # numeric features, up to about 10k rows
print(clf.predict_proba(X_test_small)[:5])
~~~

## Sharing models on the Hub
Save scikit-learn models with skops (safer than pickle) and include a model card listing the feature columns, their types and the preprocessing, so the widget and other users can call the model correctly.

## Pitfalls
- Leakage: columns that are only known after the outcome (for example "days since cancellation") inflate offline scores.
- Split by time or by customer when rows are not independent.
- With imbalanced classes, report ROC AUC or PR AUC and choose the decision threshold explicitly.

## Resources
- [scikit-learn user guide: ensembles and gradient boosting](https://scikit-learn.org/stable/modules/ensemble.html)
- [skops: secure persistence and Hub integration for scikit-learn](https://skops.readthedocs.io/)
- [TabPFN repository](https://github.com/PriorLabs/TabPFN)
- [Why do tree-based models still outperform deep learning on tabular data?](https://arxiv.org/abs/2207.08815)
`;
