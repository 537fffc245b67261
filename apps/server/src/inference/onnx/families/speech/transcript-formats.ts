import type { Transcript } from "./job.js";

/** OpenAI's `response_format` values for `/v1/audio/transcriptions`. */
export const TRANSCRIPT_FORMATS = ["json", "text", "verbose_json", "srt", "vtt"] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

/** Timed segments of a transcript: the recognizer's chunks, an open end closed by the next start or the audio's end. */
export function segmentsOf(transcript: Transcript, duration: number) {
  const chunks = transcript.chunks ?? [];
  if (chunks.length === 0) return transcript.text ? [{ start: 0, end: duration, text: transcript.text }] : [];
  return chunks.map((chunk, index) => {
    const start = chunk.timestamp[0] ?? (index > 0 ? (chunks[index - 1].timestamp[1] ?? 0) : 0);
    const end = chunk.timestamp[1] ?? chunks[index + 1]?.timestamp[0] ?? duration;
    return { start, end: Math.max(start, end), text: chunk.text };
  });
}

function clock(seconds: number, separator: "," | "."): string {
  const millis = Math.round(Math.max(0, seconds) * 1000);
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor((millis % 3_600_000) / 60_000);
  const secs = Math.floor((millis % 60_000) / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}${separator}${pad(millis % 1000, 3)}`;
}

/** A transcript in OpenAI's shapes: JSON `{text}`, plain text, verbose JSON with segments, SubRip or WebVTT. */
export function formatTranscript(
  transcript: Transcript,
  format: TranscriptFormat,
  info: { duration: number; language?: string; task: "transcribe" | "translate" },
): { body: string; contentType: string } {
  const segments = segmentsOf(transcript, info.duration);
  switch (format) {
    case "json":
      return { body: JSON.stringify({ text: transcript.text }), contentType: "application/json" };
    case "text":
      return { body: `${transcript.text}\n`, contentType: "text/plain; charset=utf-8" };
    case "verbose_json":
      return {
        body: JSON.stringify({
          task: info.task,
          language: info.language ?? "unknown",
          duration: info.duration,
          text: transcript.text,
          segments: segments.map((segment, id) => ({
            id,
            seek: 0,
            start: segment.start,
            end: segment.end,
            text: segment.text,
            tokens: [],
            temperature: 0,
            avg_logprob: 0,
            compression_ratio: 0,
            no_speech_prob: 0,
          })),
        }),
        contentType: "application/json",
      };
    case "srt":
      return {
        body: segments
          .map((s, i) => `${i + 1}\n${clock(s.start, ",")} --> ${clock(s.end, ",")}\n${s.text.trim()}\n`)
          .join("\n"),
        contentType: "text/plain; charset=utf-8",
      };
    case "vtt":
      return {
        body: `WEBVTT\n\n${segments.map((s) => `${clock(s.start, ".")} --> ${clock(s.end, ".")}\n${s.text.trim()}\n`).join("\n")}`,
        contentType: "text/vtt; charset=utf-8",
      };
  }
}
