import { python } from "../../../code/index.js";
import { getModelInputValue } from "../../../inputs/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { needsRemoteCode } from "../../../model/model-data-readers.js";

const DEFAULT_SENTENCES = [
  "The weather is lovely today.",
  "It's so sunny outside!",
  "He drove to the stadium.",
  "She walked to the park.",
];

/** The source sentence and candidates of a sentence-similarity widget, when the model has one. */
function similarityExample(model: ModelData): { source: string; sentences: string[] } | undefined {
  const widget = model.widgetData?.[0];
  if (typeof widget?.source_sentence === "string" && Array.isArray(widget.sentences)) {
    const sentences = widget.sentences.filter((s): s is string => typeof s === "string");
    if (sentences.length > 0) return { source: widget.source_sentence, sentences };
  }
  const input = getModelInputValue(model);
  if (input?.kind === "json") {
    const { source_sentence: source, sentences } = input.value;
    if (
      typeof source === "string" &&
      Array.isArray(sentences) &&
      sentences.every((s) => typeof s === "string")
    ) {
      return { source, sentences: sentences as string[] };
    }
  }
  return undefined;
}

/** sentence-transformers: embeddings and pairwise similarity; a CrossEncoder for rerankers. */
export function sentenceTransformersSnippets(model: ModelData): string[] {
  const remote = needsRemoteCode(model);
  if (model.pipeline_tag === "text-ranking") {
    return [
      python`from sentence_transformers import CrossEncoder

model = CrossEncoder(${model.id}, trust_remote_code=${remote})

query = "How do bees make honey?"
passages = [
    "Worker bees collect nectar and evaporate its water inside the hive until it thickens into honey.",
    "The first commercial beehives with removable frames appeared in the nineteenth century.",
    "Bumblebees build small nests and store only tiny amounts of nectar.",
]
scores = model.predict([(query, passage) for passage in passages])
print(scores)`,
    ];
  }
  const example = model.pipeline_tag === "sentence-similarity" ? similarityExample(model) : undefined;
  if (example) {
    return [
      python`from sentence_transformers import SentenceTransformer

model = SentenceTransformer(${model.id}, trust_remote_code=${remote})

source_sentence = ${example.source}
sentences = ${example.sentences}
source_embedding = model.encode([source_sentence])
embeddings = model.encode(sentences)

similarities = model.similarity(source_embedding, embeddings)
print(similarities)`,
    ];
  }
  return [
    python`from sentence_transformers import SentenceTransformer

model = SentenceTransformer(${model.id}, trust_remote_code=${remote})

texts = ${DEFAULT_SENTENCES}
vectors = model.encode(texts)
print(vectors.shape)

# Pairwise similarity of every text with every other (4 x 4)
print(model.similarity(vectors, vectors))`,
  ];
}
