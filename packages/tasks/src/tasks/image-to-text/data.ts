import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const imageToTextTask: TaskDataCustom = {
  summary:
    "Image-to-text models read an image and write text about it, most often a caption describing the scene or the characters printed in it. They make pictures searchable and accessible.",
  datasets: [
    {
      id: "yerevann/coco-karpathy",
      description: "COCO images with five captions each, split the way most captioning papers use.",
    },
    {
      id: "nlphuji/flickr30k",
      description: "Everyday photos with several human-written descriptions per image.",
    },
  ],
  models: [
    {
      id: "Salesforce/blip-image-captioning-large",
      description:
        "BLIP captioner that writes fluent one-sentence descriptions and accepts an optional prefix.",
    },
    {
      id: "microsoft/trocr-base-printed",
      description: "Transformer OCR model that transcribes a single line of printed text.",
    },
    {
      id: "microsoft/Florence-2-large",
      description: "Prompted vision model that captions, reads text and localises objects.",
    },
  ],
  spaces: [
    { id: "Salesforce/BLIP", description: "Caption an uploaded photo or ask a question about it with BLIP." },
    {
      id: "gokaygokay/Florence-2",
      description: "Run Florence-2 prompts such as detailed captioning and OCR on your images.",
    },
  ],
  metrics: [
    {
      id: "CIDEr",
      description: "Consensus-based score weighting n-grams that many reference captions agree on.",
    },
    { id: "BLEU", description: "N-gram precision of the generated caption against the reference captions." },
    {
      id: "CER",
      description: "Character error rate for OCR output: edits needed to reach the true text, per character.",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "image-to-text-input.png" }],
    outputs: [
      {
        type: "text",
        label: "Caption",
        content: "A small house with a red roof next to a tree, with a red ball on the grass on a sunny day.",
      },
    ],
  },
  widgetModels: ["Salesforce/blip-image-captioning-large"],
  libraries: ["transformers", "transformers.js"],
  about,
};
