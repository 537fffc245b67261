import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const visualDocumentRetrievalTask: TaskDataCustom = {
  summary:
    "Visual document retrieval ranks document pages, slides or screenshots by how well they answer a text query, working directly from page images. Charts, tables and layout count towards the match, with no OCR pipeline needed.",
  datasets: [
    {
      id: "vidore/colpali_train_set",
      description: "Query–page pairs from PDFs and synthetic questions, used to train ColPali.",
    },
    {
      id: "vidore/docvqa_test_subsampled",
      description: "A ViDoRe benchmark split built from DocVQA pages and questions.",
    },
  ],
  models: [
    {
      id: "vidore/colpali-v1.3",
      description:
        "ColPali: a PaliGemma-based late-interaction retriever producing one vector per page patch.",
    },
    {
      id: "vidore/colqwen2-v1.0",
      description:
        "ColQwen2: the same multi-vector approach on a Qwen2-VL backbone, handling dynamic resolutions.",
    },
  ],
  spaces: [
    { id: "manu/ColPali-demo", description: "Index a PDF and search its pages with ColPali." },
    {
      id: "Qwen/Qwen2.5-VL",
      description: "Vision-language chat that can answer questions on the pages you retrieved.",
    },
  ],
  metrics: [
    {
      id: "nDCG@5",
      description:
        "Normalised discounted cumulative gain over the top five pages; rewards relevant pages ranked high.",
    },
    { id: "recall@k", description: "Share of queries whose relevant page appears in the top k results." },
    { id: "MRR", description: "Mean reciprocal rank of the first relevant page." },
  ],
  demo: {
    inputs: [
      { type: "text", label: "Query", content: "Which quarter had the highest revenue?" },
      { type: "img", filename: "visual-document-retrieval-input.png" },
    ],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "Page 2 (bar chart)", score: 0.82 },
          { label: "Page 1", score: 0.31 },
          { label: "Page 3", score: 0.24 },
        ],
      },
    ],
  },
  widgetModels: ["vidore/colpali-v1.3"],
  libraries: ["transformers", "colpali", "sentence-transformers"],
  about,
};
