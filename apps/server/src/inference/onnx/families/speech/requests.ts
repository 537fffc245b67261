import { badRequest } from "../../../../domain/errors.js";
import { ONNX_WEIGHTS } from "../../servable.js";
import { audioTypeFor } from "../../media/audio-encoder.js";
import type { TaskFamily } from "../family.js";
import { ENCODER_DECODER_GRAPHS, transformersJsFiles } from "../layout.js";
import {
  booleanField,
  jsonTaskBody,
  mediaInput,
  numberField,
  objectField,
  refuseUnused,
  stringField,
  textField,
  type Fields,
} from "../params.js";
import { generationSettings } from "../text-generation/requests.js";
import {
  SPEECH_FAMILY,
  type ClassificationInput,
  type RecognitionInput,
  type SynthesisInput,
  type SynthesizedAudio,
  type Transcript,
} from "./job.js";

const RECOGNITION_PARAMETERS = new Set([
  "return_timestamps",
  "generation_parameters",
  "generate_kwargs",
  "language",
  "task",
  "max_new_tokens",
  "temperature",
  "top_k",
  "top_p",
  "do_sample",
  "seed",
]);

function recognition(parameters: Fields, maxSeconds: number): RecognitionInput {
  refuseUnused(parameters, RECOGNITION_PARAMETERS);
  const nestedKey =
    parameters.generation_parameters !== undefined ? "generation_parameters" : "generate_kwargs";
  const nested: Fields =
    parameters[nestedKey] === undefined || parameters[nestedKey] === null
      ? {}
      : objectField(parameters[nestedKey], `"parameters.${nestedKey}"`);
  const merged = { ...parameters, ...nested };
  const { options, seed } = generationSettings(merged);
  const { return_full_text: _unused, ...rest } = options;
  const task = stringField(merged, "task", "parameters");
  if (task !== undefined && task !== "transcribe" && task !== "translate")
    throw badRequest('"parameters.task" must be "transcribe" or "translate"');
  return {
    returnTimestamps: booleanField(parameters, "return_timestamps", "parameters") ?? false,
    language: stringField(merged, "language", "parameters"),
    task,
    options: rest,
    seed,
    maxSeconds,
  };
}

/**
 * Speech tasks on models in the transformers.js layout. automatic-speech-recognition (Whisper-shaped
 * encoder-decoders, and CTC models such as wav2vec2) and audio-classification take the audio as the
 * raw body (any format ffmpeg decodes; 16 kHz mono is made of it) or base64 in a JSON `inputs`, and
 * answer `{"text", "chunks"?}` / `[{"label", "score"}]`; text-to-speech and text-to-audio take
 * `{"inputs": text}` and answer the audio bytes (FLAC unless `Accept` asks for WAV or MP3).
 */
export const speechFamily: TaskFamily = {
  name: SPEECH_FAMILY,
  tasks: ["automatic-speech-recognition", "audio-classification", "text-to-speech", "text-to-audio"],
  layout(task, paths) {
    if (task === "automatic-speech-recognition" && paths.includes(ENCODER_DECODER_GRAPHS[0]))
      return transformersJsFiles(paths, ENCODER_DECODER_GRAPHS, [
        "preprocessor_config.json",
        "tokenizer.json",
      ]);
    if (task === "automatic-speech-recognition")
      return transformersJsFiles(paths, [ONNX_WEIGHTS], ["preprocessor_config.json", "tokenizer.json"]);
    if (task === "audio-classification")
      return transformersJsFiles(paths, [ONNX_WEIGHTS], ["preprocessor_config.json"]);
    return transformersJsFiles(paths, [ONNX_WEIGHTS], ["tokenizer.json"]);
  },
  job(task, body, call) {
    const maxSeconds = call.limits.maxAudioSeconds;
    if (task === "text-to-speech" || task === "text-to-audio") {
      const { inputs, parameters } = jsonTaskBody(body, task);
      refuseUnused(parameters, new Set());
      const text = textField(inputs, '"inputs"');
      const input: SynthesisInput = { texts: [text], single: true, contentType: audioTypeFor(call.accept) };
      return { family: SPEECH_FAMILY, task, input };
    }
    const { bytes, parameters } = mediaInput(body, "audio");
    if (task === "audio-classification") {
      refuseUnused(parameters, new Set(["top_k", "function_to_apply"]));
      const fn = parameters.function_to_apply;
      if (fn !== undefined && fn !== null && fn !== "softmax")
        throw badRequest('"parameters.function_to_apply" can only be "softmax" on this hub');
      const input: ClassificationInput = {
        topK: numberField(parameters, "top_k", "parameters", { min: 1, max: 1000, integer: true }) ?? 5,
        maxSeconds,
      };
      return { family: SPEECH_FAMILY, task, input, media: bytes };
    }
    return { family: SPEECH_FAMILY, task, input: recognition(parameters, maxSeconds), media: bytes };
  },
  answer(job, result) {
    if (job.task === "text-to-speech" || job.task === "text-to-audio") {
      const [first] = result.output as SynthesizedAudio[];
      return { bytes: new Uint8Array(Buffer.from(first.audio, "base64")), contentType: first.contentType };
    }
    if (job.task === "automatic-speech-recognition") {
      const { duration: _heard, ...transcript } = result.output as Transcript;
      return { json: transcript };
    }
    return { json: result.output as { label: string; score: number }[] };
  },
};
