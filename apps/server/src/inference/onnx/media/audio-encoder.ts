import { spawn } from "node:child_process";
import { ffmpegPath } from "./audio-decoder.js";

/** Audio formats the hub answers generated speech in, by content type, with ffmpeg's muxer names. */
export const AUDIO_OUTPUTS = {
  "audio/flac": { muxer: "flac", codec: "flac" },
  "audio/wav": { muxer: "wav", codec: "pcm_s16le" },
  "audio/mpeg": { muxer: "mp3", codec: "libmp3lame" },
} as const;
export type AudioContentType = keyof typeof AUDIO_OUTPUTS;

/**
 * The content type to answer from the caller's `Accept` header: the first it names that the hub can
 * write (audio/x-wav and audio/wave count as WAV, audio/mp3 as MP3), else FLAC, as the Inference API
 * answers speech.
 */
export function audioTypeFor(accept: string | undefined): AudioContentType {
  const aliases: Record<string, AudioContentType> = {
    "audio/flac": "audio/flac",
    "audio/x-flac": "audio/flac",
    "audio/wav": "audio/wav",
    "audio/x-wav": "audio/wav",
    "audio/wave": "audio/wav",
    "audio/mpeg": "audio/mpeg",
    "audio/mp3": "audio/mpeg",
  };
  for (const part of (accept ?? "").split(",")) {
    const type = aliases[part.split(";")[0].trim().toLowerCase()];
    if (type) return type;
  }
  return "audio/flac";
}

/** Encodes mono float samples with ffmpeg (a child process: samples in on stdin, the file out on stdout). */
export async function encodeAudio(
  samples: Float32Array,
  samplingRate: number,
  type: AudioContentType,
): Promise<Uint8Array> {
  const { muxer, codec } = AUDIO_OUTPUTS[type];
  const child = spawn(
    ffmpegPath(),
    [
      "-nostdin",
      "-hide_banner",
      "-loglevel",
      "error",
      "-f",
      "f32le",
      "-ar",
      String(samplingRate),
      "-ac",
      "1",
      "-i",
      "pipe:0",
      "-c:a",
      codec,
      "-f",
      muxer,
      "pipe:1",
    ],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  const out: Buffer[] = [];
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString("utf8")).slice(-500)));
  const done = new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  child.stdin.on("error", () => undefined);
  child.stdin.end(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
  const code = await done;
  if (code !== 0)
    throw new Error(`ffmpeg could not encode ${type}: ${stderr.trim().split("\n").at(-1) ?? code}`);
  return new Uint8Array(Buffer.concat(out));
}
