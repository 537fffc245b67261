import { cloneData } from "./clone-data.js";
import { isConversational, maskTokenOf } from "../model/model-data-readers.js";
import type { ChatMessage, ModelData } from "../model/model-data.js";
import type { InputBuilder, InputBuilders } from "./input-builder.js";
import {
  widgetCandidateLabels,
  widgetMessages,
  widgetString,
  widgetStringList,
  widgetTable,
} from "./widget-readers.js";

export const DEFAULT_MASK_TOKEN = "[MASK]";

export const TEXT_EXAMPLES = {
  "text-generation": "Can you please let us know more details about your ",
  "text-classification": "I like you. I love you",
  "token-classification": "My name is Sarah Jessica Parker but you can call me Jessica",
  translation: "Меня зовут Вольфганг и я живу в Берлине",
  summarization:
    "The tower is 324 metres (1,063 ft) tall, about as high as an 81-storey building. Gustave Eiffel's " +
    "company built it from wrought iron for the 1889 World's Fair in Paris, and for four decades it was the " +
    "tallest structure people had ever made. Many artists of the time called it an eyesore. Today it is the " +
    "most visited paid monument in the world, its three public levels look out over the whole city, and a " +
    "fresh coat of paint is applied about every seven years to keep the iron from rusting.",
  "feature-extraction": "Today is a sunny day and I will get some ice cream.",
  "text-to-speech": "The answer to the universe is 42",
  "text-to-audio": "liquid drum and bass, atmospheric synths, airy sounds",
  "text-to-image": "Astronaut riding a horse",
  "text-to-video": "A young man walking on the street",
  "text-to-3d": "A small wooden chair with a curved backrest",
} as const;

export const CHAT_QUESTION = "What is the capital of France?";

export const ZERO_SHOT_TEXT = {
  text:
    "Hi, I recently bought a device from your shop, but it stopped working after two days " +
    "and I would like to get my money back.",
  candidateLabels: ["refund", "legal", "faq"],
};

export const SENTENCE_SIMILARITY = {
  source_sentence: "That is a happy person",
  sentences: ["That is a happy dog", "That is a very happy person", "Today is a sunny day"],
};

export const QUESTION_ANSWERING = {
  question: "What is my name?",
  context: "My name is Clara and I live in Berkeley.",
};

export const TABLE_QUESTION_ANSWERING = {
  query: "How many stars does the transformers repository have?",
  table: {
    Repository: ["transformers", "datasets", "tokenizers", "diffusers"],
    Language: ["Python", "Python", "Rust", "Python"],
    Stars: ["152000", "20500", "10100", "30100"],
    "First release": ["2018", "2020", "2019", "2022"],
  },
};

export const TEXT_RANKING = {
  query: "How do plants make their food?",
  texts: [
    "Plants turn sunlight, water and carbon dioxide into sugar through photosynthesis.",
    "The Eiffel Tower was finished in 1889.",
    "Roots take up water and minerals from the soil.",
  ],
};

/** A plain-text task: the widget's `text` when the card has one, else the fixed example. */
function plainText(fallback: string): InputBuilder {
  return (model) => ({ kind: "text", value: widgetString(model, "text") ?? fallback });
}

function chatMessages(model: ModelData): ChatMessage[] {
  const fromWidget = widgetMessages(model);
  if (fromWidget) return fromWidget;
  return [{ role: "user", content: widgetString(model, "text") ?? CHAT_QUESTION }];
}

export const TEXT_INPUTS: InputBuilders = {
  "text-generation": (model) =>
    isConversational(model)
      ? { kind: "messages", value: chatMessages(model) }
      : { kind: "text", value: widgetString(model, "text") ?? TEXT_EXAMPLES["text-generation"] },
  "text-classification": plainText(TEXT_EXAMPLES["text-classification"]),
  "token-classification": plainText(TEXT_EXAMPLES["token-classification"]),
  translation: plainText(TEXT_EXAMPLES.translation),
  summarization: plainText(TEXT_EXAMPLES.summarization),
  "feature-extraction": plainText(TEXT_EXAMPLES["feature-extraction"]),
  "text-to-speech": plainText(TEXT_EXAMPLES["text-to-speech"]),
  "text-to-audio": plainText(TEXT_EXAMPLES["text-to-audio"]),
  "text-to-image": plainText(TEXT_EXAMPLES["text-to-image"]),
  "text-to-video": plainText(TEXT_EXAMPLES["text-to-video"]),
  "text-to-3d": plainText(TEXT_EXAMPLES["text-to-3d"]),
  "fill-mask": (model) => ({
    kind: "text",
    value:
      widgetString(model, "text") ??
      `The answer to the universe is ${maskTokenOf(model) ?? DEFAULT_MASK_TOKEN}.`,
  }),
  "zero-shot-classification": (model) => ({
    kind: "text",
    value: widgetString(model, "text") ?? ZERO_SHOT_TEXT.text,
    parameters: { candidate_labels: widgetCandidateLabels(model) ?? [...ZERO_SHOT_TEXT.candidateLabels] },
  }),
  "sentence-similarity": (model) => ({
    kind: "json",
    value: {
      source_sentence: widgetString(model, "source_sentence") ?? SENTENCE_SIMILARITY.source_sentence,
      sentences: widgetStringList(model, "sentences") ?? [...SENTENCE_SIMILARITY.sentences],
    },
  }),
  "question-answering": (model) => ({
    kind: "json",
    value: {
      question: widgetString(model, "text") ?? QUESTION_ANSWERING.question,
      context: widgetString(model, "context") ?? QUESTION_ANSWERING.context,
    },
  }),
  "table-question-answering": (model) => ({
    kind: "json",
    value: {
      query: widgetString(model, "text") ?? TABLE_QUESTION_ANSWERING.query,
      table: widgetTable(model, "table") ?? cloneData(TABLE_QUESTION_ANSWERING.table),
    },
  }),
  "text-ranking": (model) => ({
    kind: "json",
    value: {
      query: widgetString(model, "source_sentence") ?? widgetString(model, "text") ?? TEXT_RANKING.query,
      texts: widgetStringList(model, "sentences") ?? [...TEXT_RANKING.texts],
    },
  }),
};
