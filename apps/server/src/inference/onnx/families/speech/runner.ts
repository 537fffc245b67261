import type { RawAudio } from "@huggingface/transformers";
import { random } from "@huggingface/transformers";
import type { FamilyJob, JobResult } from "../../worker-protocol.js";
import { decodeAudio, decodeWholeAudio } from "../../media/audio-decoder.js";
import { encodeAudio, type AudioContentType } from "../../media/audio-encoder.js";
import { BadInputError, type FamilyRunner, type WorkerContext, type WorkerPipe } from "../worker-api.js";
import {
  SPEECH_FAMILY,
  type ClassificationInput,
  type RecognitionInput,
  type SynthesisInput,
  type SynthesizedAudio,
  type Transcript,
} from "./job.js";

/** Window and overlap of long recordings, as the Inference API chunks them for Whisper (30 s, 5 s each side). */
const CHUNK_SECONDS = 30;
const STRIDE_SECONDS = CHUNK_SECONDS / 6;

interface FeatureConfig {
  sampling_rate: number;
  hop_length?: number;
  chunk_length?: number;
}

interface AsrModel {
  config: { model_type: string; max_source_positions?: number };
  generate(options: Record<string, unknown>): Promise<unknown>;
}

interface AsrTokenizer {
  _decode_asr(
    chunks: { tokens: bigint[]; stride: number[] }[],
    options: Record<string, unknown>,
  ): [string, { chunks?: Transcript["chunks"] }];
  encode(text: string): number[];
}

interface Processor {
  feature_extractor: { config: FeatureConfig };
  (audio: Float32Array): Promise<{ input_features: unknown }>;
}

function featureConfig(pipe: WorkerPipe): FeatureConfig {
  return (pipe.processor as Processor).feature_extractor.config;
}

function mediaPath(context: WorkerContext): string {
  if (!context.mediaPath) throw new Error("the job has no audio file");
  return context.mediaPath;
}

/**
 * Reads the recording window by window as the transformers.js pipeline cuts it with
 * `chunk_length_s: 30` (windows of 30 s every 20 s, the last one ending at the end of the audio), but
 * from the decoder's stream: only one window (plus what the decoder has read ahead) is in memory.
 */
async function* windows(
  samples: AsyncIterable<Float32Array>,
  window: number,
  jump: number,
): AsyncGenerator<{ audio: Float32Array; offset: number; first: boolean; last: boolean }> {
  let buffer = new Float32Array(0);
  let bufferStart = 0;
  let offset = 0;
  let ended = false;
  const iterator = samples[Symbol.asyncIterator]();
  const append = (part: Float32Array) => {
    const next = new Float32Array(buffer.length + part.length);
    next.set(buffer);
    next.set(part, buffer.length);
    buffer = next;
  };
  for (;;) {
    // Enough to know whether this window is the last one: one sample past its end, or the end of the stream.
    while (!ended && bufferStart + buffer.length <= offset + window) {
      const next = await iterator.next();
      if (next.done) ended = true;
      else append(next.value);
    }
    const total = bufferStart + buffer.length;
    if (total === 0) throw new BadInputError("The audio has no samples");
    const audio = buffer.slice(offset - bufferStart, offset - bufferStart + window);
    const last = ended && offset + window >= total;
    yield { audio, offset, first: offset === 0, last };
    if (last) return;
    offset += jump;
    buffer = buffer.slice(offset - bufferStart);
    bufferStart = offset;
  }
}

/** transformers.js's refusals of the caller's language or task become 400s. */
function callerFault(err: unknown): never {
  const message = err instanceof Error ? err.message : String(err);
  if (/^Language "|Cannot specify `task` or `language`/.test(message)) throw new BadInputError(message);
  throw err;
}

async function recognize(job: FamilyJob, context: WorkerContext): Promise<JobResult> {
  const input = job.input as RecognitionInput;
  const pipe = await context.pipeline("automatic-speech-recognition");
  const config = featureConfig(pipe);
  const rate = config.sampling_rate;
  const budget = { samplingRate: rate, maxSeconds: input.maxSeconds, signal: context.signal };
  const model = pipe.model as AsrModel;
  const tokenizer = pipe.tokenizer as AsrTokenizer;
  const kwargs: Record<string, unknown> = { ...input.options };
  if (input.language !== undefined) kwargs.language = input.language;
  if (input.task !== undefined) kwargs.task = input.task;
  if (model.config.model_type !== "whisper" && model.config.model_type !== "lite-whisper") {
    // CTC models (wav2vec2, …) take the whole recording at once, as the pipeline gives it.
    const audio = await decodeWholeAudio(mediaPath(context), budget);
    if (audio.length === 0) throw new BadInputError("The audio has no samples");
    const output = (await pipe(audio, kwargs)) as Transcript;
    return { output: { text: output.text, duration: audio.length / rate }, promptTokens: 0 };
  }
  if (input.seed !== undefined) random.seed(input.seed);
  const hop = config.hop_length ?? 160;
  const window = rate * CHUNK_SECONDS;
  const stride = rate * STRIDE_SECONDS;
  // The pipeline's own generation options: everything it was called with, then the frames of each window.
  const generation: Record<string, unknown> = {
    ...kwargs,
    return_timestamps: input.returnTimestamps,
    chunk_length_s: CHUNK_SECONDS,
    stopping_criteria: [(rows: unknown[]) => rows.map(() => context.signal.aborted)],
  };
  const chunks: { tokens: bigint[]; stride: number[] }[] = [];
  let completion = 0;
  let samples = 0;
  for await (const part of windows(decodeAudio(mediaPath(context), budget), window, window - 2 * stride)) {
    if (context.signal.aborted) throw new Error("The caller went away");
    const features = await (pipe.processor as Processor)(part.audio);
    samples = part.offset + part.audio.length;
    const strides = [part.audio.length, part.first ? 0 : stride, part.last ? 0 : stride];
    generation.num_frames = Math.floor(strides[0] / hop);
    const data = (await model
      .generate({ inputs: features.input_features, ...generation })
      .catch(callerFault)) as { tolist(): bigint[][] };
    const tokens = data.tolist()[0];
    completion += tokens.length;
    chunks.push({ tokens, stride: strides.map((x) => x / rate) });
    context.emit({ progress: chunks.length });
  }
  const timePrecision = (config.chunk_length ?? CHUNK_SECONDS) / (model.config.max_source_positions ?? 1500);
  const [text, optional] = tokenizer._decode_asr(chunks, {
    time_precision: timePrecision,
    return_timestamps: input.returnTimestamps,
    force_full_sequences: false,
  });
  const output: Transcript = { text, duration: samples / rate };
  if (input.returnTimestamps)
    output.chunks = (optional.chunks ?? []).map((chunk) => ({
      text: chunk.text,
      timestamp: chunk.timestamp,
    }));
  return { output, promptTokens: 0, completionTokens: completion };
}

async function classify(job: FamilyJob, context: WorkerContext): Promise<JobResult> {
  const input = job.input as ClassificationInput;
  const pipe = await context.pipeline("audio-classification");
  const rate = featureConfig(pipe).sampling_rate;
  const audio = await decodeWholeAudio(mediaPath(context), {
    samplingRate: rate,
    maxSeconds: input.maxSeconds,
    signal: context.signal,
  });
  if (audio.length === 0) throw new BadInputError("The audio has no samples");
  return { output: await pipe(audio, { top_k: input.topK }), promptTokens: 0 };
}

async function synthesize(job: FamilyJob, context: WorkerContext): Promise<JobResult> {
  const input = job.input as SynthesisInput;
  const pipe = await context.pipeline("text-to-audio");
  const speech = (await pipe(input.texts[0])) as RawAudio;
  const type = input.contentType as AudioContentType;
  const samples = speech.audio as Float32Array;
  const bytes = await encodeAudio(samples, speech.sampling_rate, type);
  const tokenizer = pipe.tokenizer as { encode(text: string): number[] } | undefined;
  const output: SynthesizedAudio[] = [
    {
      audio: Buffer.from(bytes).toString("base64"),
      contentType: type,
      samplingRate: speech.sampling_rate,
      samples: samples.length,
    },
  ];
  return { output, promptTokens: tokenizer ? tokenizer.encode(input.texts[0]).length : 0 };
}

async function run(job: FamilyJob, context: WorkerContext): Promise<JobResult> {
  switch (job.task) {
    case "automatic-speech-recognition":
      return recognize(job, context);
    case "audio-classification":
      return classify(job, context);
    default:
      return synthesize(job, context);
  }
}

export const speechRunner: FamilyRunner = { family: SPEECH_FAMILY, run };
