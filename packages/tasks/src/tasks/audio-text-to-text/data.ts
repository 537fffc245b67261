import type { TaskDataCustom } from "../task-data.js";
import { audioTextToTextAbout } from "./about.js";

export const audioTextToTextTask: TaskDataCustom = {
  summary:
    "Audio-text-to-text models take audio together with a text instruction and answer in text. One model can transcribe, translate, summarise a recording, describe background sounds, judge a speaker's tone or hold a spoken conversation.",
  datasets: [
    {
      id: "gpt-omni/VoiceAssistant-400K",
      description: "Spoken questions with assistant replies, for training voice-chat models.",
    },
    {
      id: "hlt-lab/voicebench",
      description: "Benchmark of spoken instructions testing knowledge, instruction following and safety.",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "audio-text-to-text-input-waveform.png" },
      {
        type: "text",
        label: "Instruction",
        content: "What is the speaker asking for, and how do they sound?",
      },
    ],
    outputs: [
      {
        type: "text",
        label: "Answer",
        content:
          "The speaker asks to move Thursday's delivery to the afternoon. They sound calm but slightly rushed, with traffic noise in the background.",
      },
    ],
  },
  metrics: [
    {
      id: "wer",
      description:
        "Word error rate when the instruction asks for a transcript; checks the model still hears accurately.",
    },
    {
      id: "accuracy",
      description: "Share of correct answers on audio question-answering and reasoning benchmarks.",
    },
    {
      id: "judge_score",
      description: "Quality rating of open-ended answers assigned by a strong text model or by human raters.",
    },
  ],
  models: [
    {
      id: "Qwen/Qwen2-Audio-7B-Instruct",
      description: "Chat model that accepts speech, sounds and music along with text instructions.",
    },
    {
      id: "mistralai/Voxtral-Mini-3B-2507",
      description: "Compact speech-understanding model for transcription, Q&A and summaries of audio.",
    },
    {
      id: "fixie-ai/ultravox-v0_5-llama-3_1-8b",
      description: "Speech adapter on Llama 3.1 that lets the LLM listen directly, aimed at voice agents.",
    },
  ],
  spaces: [
    {
      id: "Qwen/Qwen2-Audio-Instruct-Demo",
      description: "Chat with Qwen2-Audio by recording or uploading audio.",
    },
    {
      id: "Qwen/Qwen2.5-Omni-7B-Demo",
      description: "Omni model that listens, watches and replies in text or speech.",
    },
    { id: "nvidia/audio-flamingo-2", description: "Ask questions about music and sound clips." },
  ],
  widgetModels: ["Qwen/Qwen2-Audio-7B-Instruct"],
  libraries: ["transformers"],
  about: audioTextToTextAbout,
};
