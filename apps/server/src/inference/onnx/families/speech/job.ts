import type { GenerationOptions } from "../text-generation/job.js";

/** The speech family's jobs: speech recognition, audio classification, speech synthesis. */

export const SPEECH_FAMILY = "speech";

export interface RecognitionInput {
  returnTimestamps: boolean;
  /** Whisper: the spoken language (code or English name) and `transcribe` or `translate`. */
  language?: string;
  task?: "transcribe" | "translate";
  options: Omit<GenerationOptions, "return_full_text">;
  seed?: number;
  /** Longest audio accepted (seconds). */
  maxSeconds: number;
}

export interface ClassificationInput {
  topK: number;
  maxSeconds: number;
}

export interface SynthesisInput {
  texts: string[];
  single: boolean;
  /** The content type to answer in (audio/flac, audio/wav, audio/mpeg). */
  contentType: string;
}

/** What the recognizer answers: the Inference API's shape. */
export interface Transcript {
  text: string;
  chunks?: { text: string; timestamp: [number | null, number | null] }[];
  /** Seconds of audio heard (for OpenAI's verbose answer; not part of the Inference API's). */
  duration?: number;
}

/** What the synthesizer answers (one entry per text): encoded audio, base64 over the worker channel. */
export interface SynthesizedAudio {
  audio: string;
  contentType: string;
  samplingRate: number;
  samples: number;
}
