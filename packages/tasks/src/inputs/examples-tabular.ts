import { cloneData } from "./clone-data.js";
import type { InputBuilder, InputBuilders } from "./input-builder.js";
import { widgetTable } from "./widget-readers.js";

/** Three rows of fish measurements, column by column (the layout tabular endpoints take under `data`). */
export const FISH_MEASUREMENTS = {
  Height: ["11.52", "12.48", "12.3778"],
  Length1: ["23.2", "24", "23.9"],
  Length2: ["25.4", "26.3", "26.5"],
  Species: ["Bream", "Bream", "Bream"],
};

const tabular: InputBuilder = (model) => ({
  kind: "json",
  value: { data: widgetTable(model, "structured_data") ?? cloneData(FISH_MEASUREMENTS) },
});

export const TABULAR_INPUTS: InputBuilders = {
  "tabular-classification": tabular,
  "tabular-regression": tabular,
};
