import type { TaskDataCustom } from "../task-data.js";
import { textRankingAbout } from "./about.js";

export const textRankingTask: TaskDataCustom = {
  summary:
    "Text ranking orders a set of passages by how relevant they are to a query. Rerankers read the query and each passage together and output a relevance score, sharpening the short list a fast retriever returned before it reaches a user or a language model.",
  datasets: [
    {
      id: "microsoft/ms_marco",
      description:
        "Real Bing queries with passages marked relevant by annotators; the standard reranker training set.",
    },
    {
      id: "mteb/scifact",
      description: "Scientific claims matched to the abstracts that support or refute them.",
    },
  ],
  demo: {
    inputs: [
      { type: "text", label: "Query", content: "symptoms of vitamin D deficiency" },
      {
        type: "text",
        label: "Passages",
        content:
          "1. Low vitamin D can cause tiredness, bone pain and muscle weakness.\n2. Vitamin C is found in citrus fruit and peppers.\n3. Sunlight helps the skin produce vitamin D.",
      },
    ],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "Passage 1", score: 0.97 },
          { label: "Passage 3", score: 0.41 },
          { label: "Passage 2", score: 0.02 },
        ],
      },
    ],
  },
  metrics: [
    {
      id: "ndcg@10",
      description:
        "Normalised discounted cumulative gain over the top ten: relevant items ranked higher earn more.",
    },
    {
      id: "mrr@10",
      description: "Mean reciprocal rank of the first relevant passage within the top ten results.",
    },
    {
      id: "map",
      description:
        "Mean average precision: averages precision at every position where a relevant passage appears.",
    },
  ],
  models: [
    {
      id: "cross-encoder/ms-marco-MiniLM-L-6-v2",
      description: "Small, fast English cross-encoder trained on MS MARCO; a solid first reranker.",
    },
    {
      id: "BAAI/bge-reranker-v2-m3",
      description: "Multilingual reranker built on the BGE-M3 backbone with long-input support.",
    },
    {
      id: "Qwen/Qwen3-Reranker-0.6B",
      description: "LLM-based reranker that follows task instructions and handles many languages.",
    },
  ],
  spaces: [
    {
      id: "mteb/leaderboard",
      description: "Includes reranking and retrieval results for comparing models on public datasets.",
    },
    {
      id: "sentence-transformers/quantized-retrieval",
      description: "Retrieval demo that shortlists with compact embeddings and then rescores the candidates.",
    },
  ],
  widgetModels: ["cross-encoder/ms-marco-MiniLM-L-6-v2"],
  libraries: ["sentence-transformers", "transformers", "lightning-ir"],
  about: textRankingAbout,
};
