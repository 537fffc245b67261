import type { TaskDataCustom } from "../task-data.js";
import { sentenceSimilarityAbout } from "./about.js";

export const sentenceSimilarityTask: TaskDataCustom = {
  summary:
    "Sentence similarity scores how close in meaning two pieces of text are. A model embeds a source sentence and a list of others, and the cosine similarity between the vectors ranks them, which powers semantic search, duplicate detection and clustering.",
  datasets: [
    {
      id: "sentence-transformers/stsb",
      description: "Sentence pairs rated from 0 to 5 for similarity, rescaled to 0–1 for training.",
    },
    {
      id: "mteb/stsbenchmark-sts",
      description: "The STS Benchmark as packaged for the Massive Text Embedding Benchmark.",
    },
    {
      id: "sentence-transformers/all-nli",
      description: "Entailment pairs and hard-negative triplets for contrastive training.",
    },
  ],
  demo: {
    inputs: [
      { type: "text", label: "Source sentence", content: "How do I reset my router?" },
      {
        type: "text",
        label: "Sentences to compare",
        content:
          "Steps to restart a home Wi-Fi router\nBest routers for gaming in 2025\nHow to change my e-mail password",
      },
    ],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "Steps to restart a home Wi-Fi router", score: 0.78 },
          { label: "Best routers for gaming in 2025", score: 0.41 },
          { label: "How to change my e-mail password", score: 0.19 },
        ],
      },
    ],
  },
  metrics: [
    {
      id: "spearman_cosine",
      description:
        "Spearman rank correlation between predicted cosine similarities and human similarity ratings.",
    },
    {
      id: "pearson_cosine",
      description:
        "Linear correlation between predicted similarities and human ratings; more sensitive to scale.",
    },
  ],
  models: [
    {
      id: "sentence-transformers/all-MiniLM-L6-v2",
      description: "Tiny, fast English embedding model; a popular default for prototypes.",
    },
    {
      id: "sentence-transformers/all-mpnet-base-v2",
      description: "Larger general-purpose English model with noticeably better quality.",
    },
    {
      id: "sentence-transformers/paraphrase-multilingual-MiniLM-L12-v2",
      description: "Maps paraphrases in 50+ languages close together in one vector space.",
    },
    {
      id: "BAAI/bge-small-en-v1.5",
      description: "Compact English model that ranks well on retrieval benchmarks.",
    },
  ],
  spaces: [
    {
      id: "sentence-transformers/sentence-similarity",
      description: "Compare one sentence against several others and see the cosine scores.",
    },
    {
      id: "sentence-transformers/embeddings-semantic-search",
      description: "Semantic search demo that retrieves passages by meaning rather than keywords.",
    },
    {
      id: "mteb/leaderboard",
      description: "Benchmark results to pick an embedding model for your language and task.",
    },
  ],
  widgetModels: ["sentence-transformers/all-MiniLM-L6-v2"],
  libraries: ["sentence-transformers", "transformers.js", "model2vec"],
  about: sentenceSimilarityAbout,
};
