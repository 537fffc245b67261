import type { ChatContentPart, ModelData } from "../model/model-data.js";
import type { InputBuilder, InputBuilders } from "./input-builder.js";
import { widgetMessages, widgetString } from "./widget-readers.js";

export const SAMPLE_DOCUMENT_IMAGE = "cat.png";

export const VISION_CHAT = {
  prompt: "Describe this image in one sentence.",
  imageUrl: "https://cdn.britannica.com/61/93061-050-99147DCE/Statue-of-Liberty-Island-New-York-Bay.jpg",
};

export const IMAGE_QUESTION = "What is in this image?";
export const IMAGE_EDIT_PROMPT = "Turn the cat into a tiger.";
export const IMAGE_ANIMATION_PROMPT = "The cat starts to dance";

function imageChat(model: ModelData): ChatContentPart[] {
  return [
    { type: "text", text: widgetString(model, "text") ?? VISION_CHAT.prompt },
    { type: "image_url", image_url: { url: VISION_CHAT.imageUrl } },
  ];
}

function imageQuestion(model: ModelData) {
  return { image: SAMPLE_DOCUMENT_IMAGE, question: widgetString(model, "text") ?? IMAGE_QUESTION };
}

function imageWithPrompt(fallback: string): InputBuilder {
  return (model) => ({
    kind: "json",
    value: { image: SAMPLE_DOCUMENT_IMAGE, prompt: widgetString(model, "prompt") ?? fallback },
  });
}

export const MULTIMODAL_INPUTS: InputBuilders = {
  // Vision-language models take chat messages whether or not the card tags them conversational.
  "image-text-to-text": (model) => ({
    kind: "messages",
    value: widgetMessages(model) ?? [{ role: "user", content: imageChat(model) }],
  }),
  "document-question-answering": (model) => ({ kind: "json", value: imageQuestion(model) }),
  "visual-question-answering": (model) => ({ kind: "json", value: imageQuestion(model) }),
  "image-to-image": imageWithPrompt(IMAGE_EDIT_PROMPT),
  "image-text-to-image": imageWithPrompt(IMAGE_EDIT_PROMPT),
  "image-to-video": imageWithPrompt(IMAGE_ANIMATION_PROMPT),
  "image-text-to-video": imageWithPrompt(IMAGE_ANIMATION_PROMPT),
};
