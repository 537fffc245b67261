import type { TaskDataCustom } from "../task-data.js";
import { tokenClassificationAbout } from "./about.js";

export const tokenClassificationTask: TaskDataCustom = {
  summary:
    "Token classification gives a label to every word or sub-word in a sentence instead of one label for the whole text. Named entity recognition and part-of-speech tagging are the best-known cases; the output is a list of spans with their types and positions.",
  datasets: [
    {
      id: "eriktks/conll2003",
      description:
        "Reuters news sentences annotated with persons, organisations, locations and misc entities.",
    },
    {
      id: "unimelb-nlp/wikiann",
      description: "Silver-standard entity tags for Wikipedia text in 176 languages.",
    },
  ],
  demo: {
    inputs: [
      {
        type: "text",
        label: "Input",
        content: "Ada Lovelace worked with Charles Babbage in London on the Analytical Engine.",
      },
    ],
    outputs: [
      {
        type: "text",
        label: "Entities",
        content: "Ada Lovelace → PER · Charles Babbage → PER · London → LOC · Analytical Engine → MISC",
      },
    ],
  },
  metrics: [
    {
      id: "f1",
      description:
        "Entity-level F1 (seqeval style): a predicted span counts only if both its boundaries and its type match the reference.",
    },
    { id: "precision", description: "Fraction of predicted entity spans that are exactly right." },
    { id: "recall", description: "Fraction of reference entity spans the model recovered." },
    {
      id: "accuracy",
      description:
        "Per-token accuracy; useful for part-of-speech tagging, misleading for sparse entity tags.",
    },
  ],
  models: [
    {
      id: "dslim/bert-base-NER",
      description: "BERT fine-tuned on CoNLL-2003 for the four classic entity types.",
    },
    {
      id: "FacebookAI/xlm-roberta-large-finetuned-conll03-english",
      description:
        "Large multilingual encoder tuned for English NER; transfers reasonably to other languages.",
    },
    {
      id: "urchade/gliner_multi-v2.1",
      description:
        "GLiNER model that extracts any entity types you name at inference time, in many languages.",
    },
    {
      id: "flair/ner-english",
      description: "Flair sequence tagger with contextual string embeddings for English NER.",
    },
    {
      id: "tomaarsen/span-marker-roberta-large-ontonotes5",
      description: "SpanMarker model covering the eighteen OntoNotes entity types such as DATE and MONEY.",
    },
  ],
  spaces: [
    {
      id: "urchade/gliner_multiv2.1",
      description: "Type your own entity labels and watch GLiNER highlight them in any text.",
    },
    { id: "tomaarsen/gliner_medium-v2.1", description: "Playground for the medium GLiNER checkpoint." },
  ],
  widgetModels: ["dslim/bert-base-NER"],
  libraries: ["transformers", "transformers.js", "flair", "spacy", "span-marker", "gliner", "stanza"],
  about: tokenClassificationAbout,
};
