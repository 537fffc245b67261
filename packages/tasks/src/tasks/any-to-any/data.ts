import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const anyToAnyTask: TaskDataCustom = {
  summary:
    "Any-to-any models take several modalities as input, such as text, images, audio and video, and can answer in more than one as well, for example with text and speech or text and images. One network handles perception and generation across them.",
  datasets: [
    {
      id: "HuggingFaceM4/the_cauldron",
      description: "Vision-language instruction data covering captioning, charts, documents and reasoning.",
    },
    {
      id: "openslr/librispeech_asr",
      description:
        "Read English audiobook speech with transcripts, a staple for the audio side of omni models.",
    },
  ],
  models: [
    {
      id: "Qwen/Qwen2.5-Omni-7B",
      description: "Sees, hears and reads, and answers with both text and natural speech in real time.",
    },
    {
      id: "deepseek-ai/Janus-Pro-7B",
      description: "Unified model that both understands images and generates them from text.",
    },
    {
      id: "openbmb/MiniCPM-o-2_6",
      description: "Compact omni model for vision, speech and live streaming conversations.",
    },
  ],
  spaces: [
    {
      id: "Qwen/Qwen2.5-Omni-7B-Demo",
      description: "Talk to Qwen2.5-Omni with voice, video or images and hear it answer.",
    },
    {
      id: "deepseek-ai/Janus-Pro-7B",
      description: "Ask Janus-Pro about an image or let it draw one from a prompt.",
    },
  ],
  metrics: [
    {
      id: "MMMU accuracy",
      description: "Accuracy on college-level multimodal questions, for the understanding side.",
    },
    { id: "WER", description: "Word error rate on speech input, for the listening side." },
    {
      id: "GenEval",
      description: "Object-focused checks of whether generated images contain what the prompt asks for.",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "any-to-any-input.png" },
      {
        type: "text",
        label: "Prompt",
        content: "Describe this place in one sentence, then repaint it as a flat poster.",
      },
    ],
    outputs: [
      {
        type: "text",
        label: "Answer",
        content:
          "A sunny garden with a red-roofed cottage, a leafy tree and a red ball on the lawn. Here is the poster version:",
      },
      { type: "img", filename: "any-to-any-output.png" },
    ],
  },
  widgetModels: ["Qwen/Qwen2.5-Omni-7B"],
  libraries: ["transformers"],
  about,
};
