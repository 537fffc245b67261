import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { textInputOf } from "../helpers.js";

/** MultiMolecule: RNA / DNA / protein language models with transformers-style auto classes. */
export function multimoleculeSnippets(model: ModelData): string[] {
  const load = python`# pip install multimolecule
from multimolecule import AutoModel, AutoTokenizer

tokenizer = AutoTokenizer.from_pretrained(${model.id})
model = AutoModel.from_pretrained(${model.id})`;
  const example = textInputOf(model);
  if (example === undefined) return [load];
  const snippets: string[] = [];
  snippets.push(
    `${load}\n\n${python`inputs = tokenizer(${example}, return_tensors="pt")
outputs = model(**inputs)
embeddings = outputs.last_hidden_state`}`,
  );
  if (model.pipeline_tag === "fill-mask") {
    snippets.push(python`import multimolecule  # registers the models with transformers
from transformers import pipeline

predictor = pipeline("fill-mask", model=${model.id})
print(predictor(${example}))`);
  }
  return snippets;
}
