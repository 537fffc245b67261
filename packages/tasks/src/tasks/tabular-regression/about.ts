export const tabularRegressionAbout = `## Where it is used

### Pricing and valuation
Estimate house prices, used-car values or insurance premiums from the attributes of each item.

### Forecast-like estimates without a time axis
Predict delivery time for an order, the energy use of a building or the yield of a field from its characteristics.

### Scientific measurements
Estimate a property that is expensive to measure (a material's strength, a molecule's solubility) from cheaper descriptors.

## How to run it

Gradient-boosted trees with scikit-learn, evaluated in the target's units:

~~~python
from datasets import load_dataset
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import mean_absolute_error, r2_score
from sklearn.model_selection import train_test_split

homes = load_dataset("leostelon/california-housing", split="train").to_pandas()
homes = homes.dropna()
price = homes.pop("median_house_value")
homes["ocean_proximity"] = homes["ocean_proximity"].astype("category")

X_train, X_test, y_train, y_test = train_test_split(homes, price, test_size=0.2, random_state=3)
regressor = HistGradientBoostingRegressor(categorical_features="from_dtype", max_iter=400, learning_rate=0.06)
regressor.fit(X_train, y_train)
pred = regressor.predict(X_test)
print(f"MAE {mean_absolute_error(y_test, pred):,.0f} USD   R² {r2_score(y_test, pred):.3f}")
~~~

For small datasets, TabPFN gives a strong result in one call:

~~~python
from tabpfn import TabPFNRegressor

reg = TabPFNRegressor()
reg.fit(X_small, y_small)
print(reg.predict(X_new))
~~~

## Uncertainty matters
A single number hides how sure the model is. Useful options:
- **Quantile regression**: train models for the 10th and 90th percentile (loss="quantile" in scikit-learn's gradient boosting) to get a prediction interval.
- **Conformal prediction**: calibrate intervals on held-out data so they contain the true value at a chosen rate.
- TabPFN can return full predictive distributions directly.

## Pitfalls
- Skewed targets such as prices: fit on the logarithm and transform predictions back, or the model over-focuses on expensive outliers.
- Extrapolation: tree models cannot predict beyond the range of targets seen in training.
- Compare against a trivial baseline (the median) so R² and MAE have context.

## Resources
- [scikit-learn: gradient boosting regression](https://scikit-learn.org/stable/modules/ensemble.html#gradient-boosted-trees)
- [Prediction intervals for gradient boosting (scikit-learn example)](https://scikit-learn.org/stable/auto_examples/ensemble/plot_gradient_boosting_quantile.html)
- [MAPIE: conformal prediction intervals for scikit-learn models](https://github.com/scikit-learn-contrib/MAPIE)
- [TabPFN repository](https://github.com/PriorLabs/TabPFN)
`;
