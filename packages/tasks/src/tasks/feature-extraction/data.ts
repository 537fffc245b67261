import type { TaskDataCustom } from "../task-data.js";
import { featureExtractionAbout } from "./about.js";

export const featureExtractionTask: TaskDataCustom = {
  summary:
    "Feature extraction turns text into vectors of numbers that capture its meaning. Those embeddings feed search, clustering, deduplication, recommendation and any downstream model that needs a numeric representation of language.",
  datasets: [
    {
      id: "sentence-transformers/all-nli",
      description: "NLI sentence pairs and triplets, a standard training set for embedding models.",
    },
    {
      id: "wikimedia/wikipedia",
      description: "Cleaned Wikipedia dumps in hundreds of languages, good raw text to embed.",
    },
    { id: "mteb/scifact", description: "Scientific claims and abstracts; one of the MTEB retrieval tasks." },
  ],
  demo: {
    inputs: [{ type: "text", label: "Input", content: "Solar panels convert sunlight into electricity." }],
    outputs: [
      {
        type: "text",
        label: "Embedding (first 8 of 384 dimensions)",
        content: "[0.0412, -0.0871, 0.0129, 0.0657, -0.0033, 0.1174, -0.0495, 0.0218, …]",
      },
    ],
  },
  metrics: [
    {
      id: "ndcg@10",
      description:
        "Retrieval quality: rewards placing the relevant documents near the top of the first ten results.",
    },
    {
      id: "spearman_cosine",
      description: "Rank correlation between cosine similarities of embeddings and human similarity ratings.",
    },
    {
      id: "v_measure",
      description: "Clustering quality: how well clusters of embeddings line up with the true categories.",
    },
  ],
  models: [
    {
      id: "BAAI/bge-m3",
      description: "Multilingual embedding model producing dense, sparse and multi-vector outputs.",
    },
    {
      id: "intfloat/multilingual-e5-large",
      description: "E5 embeddings for about 100 languages; prefix inputs with 'query: ' or 'passage: '.",
    },
    {
      id: "Qwen/Qwen3-Embedding-0.6B",
      description: "Small instruction-aware embedding model built on a Qwen3 language model.",
    },
    {
      id: "nomic-ai/nomic-embed-text-v1.5",
      description: "Long-context English embeddings whose dimensions can be truncated (Matryoshka).",
    },
    {
      id: "google-bert/bert-base-uncased",
      description: "Raw BERT encoder; its hidden states are generic features.",
    },
  ],
  spaces: [
    {
      id: "mteb/leaderboard",
      description: "Massive Text Embedding Benchmark results across dozens of tasks.",
    },
    {
      id: "sentence-transformers/quantized-retrieval",
      description: "Searches millions of Wikipedia passages using binary and int8 quantised embeddings.",
    },
  ],
  widgetModels: ["BAAI/bge-m3"],
  libraries: ["transformers", "transformers.js", "sentence-transformers", "model2vec"],
  about: featureExtractionAbout,
};
