import type { TaskDataCustom } from "../task-data.js";
import { textGenerationAbout } from "./about.js";

export const textGenerationTask: TaskDataCustom = {
  summary:
    "Text generation models continue a prompt one token at a time. Base models complete text in the style they were trained on, while instruction- and chat-tuned models follow requests, hold conversations, write code and call tools.",
  datasets: [
    {
      id: "HuggingFaceFW/fineweb-edu",
      description: "Web pages filtered for educational value, used to pre-train small but capable models.",
    },
    {
      id: "HuggingFaceH4/ultrachat_200k",
      description: "Filtered multi-turn assistant dialogues for supervised chat fine-tuning.",
    },
    {
      id: "openai/gsm8k",
      description: "Grade-school maths word problems with step-by-step worked solutions.",
    },
    {
      id: "cais/mmlu",
      description: "Multiple-choice exam questions across 57 subjects, a common knowledge benchmark.",
    },
  ],
  demo: {
    inputs: [
      {
        type: "text",
        label: "Prompt",
        content: "Write a two-line reminder asking the team to submit their expense reports by Friday.",
      },
    ],
    outputs: [
      {
        type: "text",
        label: "Output",
        content:
          "Hi all, a quick reminder that expense reports are due this Friday.\nPlease upload receipts to the finance portal by 5 pm so reimbursements go out next week.",
      },
    ],
  },
  metrics: [
    {
      id: "perplexity",
      description:
        "Exponential of the average negative log-likelihood on held-out text; lower means better prediction.",
    },
    {
      id: "accuracy",
      description: "Share of benchmark questions answered correctly (multiple choice or exact final answer).",
    },
    {
      id: "pass@k",
      description:
        "For code generation: probability that at least one of k sampled programs passes the unit tests.",
    },
    {
      id: "win_rate",
      description: "How often people (or a judge model) prefer this model's answer over a reference model's.",
    },
  ],
  models: [
    {
      id: "openai/gpt-oss-20b",
      description: "Open-weight mixture-of-experts reasoning model that runs on a single high-memory GPU.",
    },
    {
      id: "meta-llama/Llama-3.1-8B-Instruct",
      description: "Widely used 8B chat model with a 128k-token context and tool-calling support.",
    },
    {
      id: "Qwen/Qwen2.5-7B-Instruct",
      description: "Multilingual 7B instruction model that is strong at coding, maths and structured output.",
    },
    {
      id: "HuggingFaceTB/SmolLM3-3B",
      description: "Fully open 3B model with long context and an optional reasoning mode.",
    },
    {
      id: "openai-community/gpt2",
      description: "The classic small base model; handy for experiments and teaching.",
    },
  ],
  spaces: [
    {
      id: "open-llm-leaderboard/open_llm_leaderboard",
      description: "Automated benchmark scores for thousands of open language models.",
    },
    {
      id: "lmarena-ai/chatbot-arena-leaderboard",
      description: "Rankings built from crowd-sourced, side-by-side human votes between chat models.",
    },
  ],
  widgetModels: ["meta-llama/Llama-3.1-8B-Instruct", "HuggingFaceTB/SmolLM3-3B"],
  libraries: ["transformers", "transformers.js", "llama-cpp-python", "mlx", "peft"],
  about: textGenerationAbout,
};
