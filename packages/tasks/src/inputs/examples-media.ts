import type { InputBuilder, InputBuilders } from "./input-builder.js";
import { widgetCandidateLabels } from "./widget-readers.js";

/** Sample files a user of the snippet is expected to have next to it. */
export const SAMPLE_IMAGE = "cats.jpg";
export const SAMPLE_AUDIO = "sample1.flac";

export const ZERO_SHOT_IMAGE_LABELS = ["cat", "dog", "llama"];
export const ZERO_SHOT_DETECTION_LABELS = ["cat", "remote control", "sofa"];

const image: InputBuilder = () => ({ kind: "file", value: SAMPLE_IMAGE, media: "image" });
const audio: InputBuilder = () => ({ kind: "file", value: SAMPLE_AUDIO, media: "audio" });

function imageWithLabels(fallback: string[]): InputBuilder {
  return (model) => ({
    kind: "file",
    value: SAMPLE_IMAGE,
    media: "image",
    parameters: { candidate_labels: widgetCandidateLabels(model) ?? [...fallback] },
  });
}

export const VISION_INPUTS: InputBuilders = {
  "image-classification": image,
  "image-to-text": image,
  "image-segmentation": image,
  "object-detection": image,
  "depth-estimation": image,
  "image-feature-extraction": image,
  "keypoint-detection": image,
  "image-to-3d": image,
  "zero-shot-image-classification": imageWithLabels(ZERO_SHOT_IMAGE_LABELS),
  "zero-shot-object-detection": imageWithLabels(ZERO_SHOT_DETECTION_LABELS),
};

export const AUDIO_INPUTS: InputBuilders = {
  "automatic-speech-recognition": audio,
  "audio-classification": audio,
  "audio-to-audio": audio,
};
