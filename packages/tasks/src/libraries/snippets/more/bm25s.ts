import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { sampleTextOr } from "./common.js";

/** BM25S: a lexical index stored on the Hub; retrieves the best documents for a query. */
export function bm25sSnippets(model: ModelData): string[] {
  const query = sampleTextOr(model, "What is the capital of France?");
  return [
    python`import bm25s
from bm25s.hf import BM25HF

retriever = BM25HF.load_from_hub(${model.id}, load_corpus=True)

query_tokens = bm25s.tokenize([${query}])
documents, scores = retriever.retrieve(query_tokens, k=3)
for doc, score in zip(documents[0], scores[0]):
    print(round(float(score), 3), doc)`,
  ];
}
