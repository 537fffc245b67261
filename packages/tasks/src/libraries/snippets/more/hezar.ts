import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { textInputOf } from "../helpers.js";

/** Hezar: Persian models behind one `Model.load`; text models also run a prediction. */
export function hezarSnippets(model: ModelData): string[] {
  const text = textInputOf(model);
  const load = python`from hezar.models import Model

hezar_model = Model.load(${model.id})`;
  if (text === undefined) return [load];
  return [`${load}\nprint(hezar_model.predict(${python`${text}`}))`];
}
