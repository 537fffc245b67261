import { spawn } from "node:child_process";
import { BadInputError } from "../families/worker-api.js";

/**
 * Decodes any audio file ffmpeg knows (FLAC, WAV, MP3, Ogg/Opus, WebM, M4A, …) to mono float samples
 * at one sampling rate, streamed: ffmpeg runs as a child process of the worker and its output is
 * read in slices, so a long recording never sits in memory whole. A file that does not decode, or that
 * is longer than the budget, is the caller's fault (BadInputError): ffmpeg is stopped at the budget.
 */

/** The ffmpeg executable (Debian's `ffmpeg` package); MODELHUB_FFMPEG overrides it. */
export function ffmpegPath(): string {
  return process.env.MODELHUB_FFMPEG || "ffmpeg";
}

export interface AudioBudget {
  samplingRate: number;
  /** Longest audio accepted, in seconds. */
  maxSeconds: number;
  signal?: AbortSignal;
}

/** The ffmpeg arguments that turn `input` into raw little-endian float32 mono samples on stdout. */
export function decodeArguments(input: string, samplingRate: number): string[] {
  return [
    "-nostdin",
    "-hide_banner",
    "-loglevel",
    "error",
    "-i",
    input,
    "-vn",
    "-ac",
    "1",
    "-ar",
    String(samplingRate),
    "-f",
    "f32le",
    "-acodec",
    "pcm_f32le",
    "pipe:1",
  ];
}

/** The ffprobe executable next to ffmpeg (MODELHUB_FFPROBE overrides it). */
function ffprobePath(): string {
  return process.env.MODELHUB_FFPROBE || ffmpegPath().replace(/ffmpeg$/, "ffprobe");
}

/**
 * The duration the container declares, read by ffprobe before anything is decoded: a file that is not
 * media, or that says it is longer than the budget, is refused at once (the decoder's own count still
 * guards files whose header lies).
 */
export async function checkAudioDuration(file: string, budget: AudioBudget): Promise<number | undefined> {
  const child = spawn(
    ffprobePath(),
    ["-v", "error", "-show_entries", "format=duration", "-of", "default=noprint_wrappers=1:nokey=1", file],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (err = (err + chunk.toString("utf8")).slice(-1000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  }).catch((error: unknown) => {
    throw new Error(`ffprobe could not be started (${(error as Error).message}): install ffmpeg`);
  });
  if (code !== 0) {
    const why = (err.trim().split("\n").at(-1) ?? "").split(file).join("input");
    throw new BadInputError(
      `The body is not audio this hub can decode${why ? ` (${why.slice(0, 200)})` : ""}`,
    );
  }
  const seconds = Number.parseFloat(out.trim());
  if (!Number.isFinite(seconds)) return undefined;
  if (seconds > budget.maxSeconds)
    throw new BadInputError(
      `The audio is ${Math.round(seconds)} s long; this hub accepts at most ${budget.maxSeconds} s`,
    );
  return seconds;
}

/** Yields the samples of `file` in slices (each a fresh Float32Array), after checking its declared duration. */
export async function* decodeAudio(file: string, budget: AudioBudget): AsyncGenerator<Float32Array> {
  await checkAudioDuration(file, budget);
  const child = spawn(ffmpegPath(), decodeArguments(file, budget.samplingRate), {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-1000);
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve(code));
  });
  const stop = () => child.kill("SIGKILL");
  budget.signal?.addEventListener("abort", stop, { once: true });
  const limit = Math.floor(budget.maxSeconds * budget.samplingRate);
  let total = 0;
  let carry = Buffer.alloc(0);
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      const whole = bytes.length - (bytes.length % 4);
      carry = Buffer.from(bytes.subarray(whole));
      if (whole === 0) continue;
      const samples = new Float32Array(whole / 4);
      new Uint8Array(samples.buffer).set(bytes.subarray(0, whole));
      total += samples.length;
      if (total > limit)
        throw new BadInputError(`The audio is longer than this hub accepts (${budget.maxSeconds} s)`);
      yield samples;
    }
    const code = await exited.catch((err: unknown) => {
      throw new Error(
        `ffmpeg could not be started (${(err as Error).message}): install it (Debian package ffmpeg)`,
      );
    });
    if (budget.signal?.aborted) return;
    if (code !== 0) {
      // ffmpeg names the file it read: the caller knows it as the body.
      const why = (stderr.trim().split("\n").at(-1) ?? "").split(file).join("input");
      throw new BadInputError(
        `The body is not audio this hub can decode${why ? ` (${why.slice(0, 200)})` : ""}`,
      );
    }
  } finally {
    budget.signal?.removeEventListener("abort", stop);
    if (child.exitCode === null) child.kill("SIGKILL");
  }
}

/** All samples of `file` in one array (for models that take the whole recording at once). */
export async function decodeWholeAudio(file: string, budget: AudioBudget): Promise<Float32Array> {
  const parts: Float32Array[] = [];
  let length = 0;
  for await (const part of decodeAudio(file, budget)) {
    parts.push(part);
    length += part.length;
  }
  const audio = new Float32Array(length);
  let at = 0;
  for (const part of parts) {
    audio.set(part, at);
    at += part.length;
  }
  return audio;
}
