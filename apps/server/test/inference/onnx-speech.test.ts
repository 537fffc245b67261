import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import OpenAI, { toFile } from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeArguments } from "../../src/inference/onnx/media/audio-decoder.js";
import { referencePipeline, type ReferencePipe } from "./helpers/reference-pipeline.js";
import { startOnnxHub, type OnnxHub } from "./helpers/onnx-hub.js";

const WHISPER = "modelhub-demo/tiny-whisper-onnx";
const KEYWORDS = "modelhub-demo/tiny-wav2vec2-keywords-onnx";
const TTS = "modelhub-demo/tiny-vits-tts-onnx";
const GPT2 = "modelhub-demo/tiny-gpt2-onnx";

type Transcript = { text: string; chunks?: { text: string; timestamp: [number | null, number | null] }[] };

let dir: string;
/** Makes a recording with ffmpeg's own sources (tones, noise, silence) in a given format. */
function recording(name: string, source: string, extra: string[] = []): string {
  const file = path.join(dir, name);
  execFileSync("ffmpeg", ["-y", "-loglevel", "error", "-f", "lavfi", "-i", source, ...extra, file]);
  return file;
}

/** The samples the hub's decoder makes of a file (the same ffmpeg command): the reference's input. */
function samplesOf(file: string): Float32Array {
  const raw = execFileSync("ffmpeg", decodeArguments(file, 16_000), { maxBuffer: 1 << 30 });
  return new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
}

async function ok<T>(response: Response): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as T;
}

async function error(response: Response, status: number): Promise<string> {
  const body = (await response.json()) as { error: string };
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body.error;
}

describe("speech tasks on the ONNX backend equal transformers.js's own pipelines", () => {
  let onnx: OnnxHub;
  const pipes: ReferencePipe[] = [];
  const ref = async (task: string, id: string) => {
    const pipe = await referencePipeline(onnx.hub.url, task, id);
    pipes.push(pipe);
    return pipe;
  };
  let short: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-speech-"));
    onnx = await startOnnxHub({ MODELHUB_ONNX_MAX_AUDIO_SECONDS: "660" }, "sqlite", [
      WHISPER,
      KEYWORDS,
      TTS,
      GPT2,
    ]);
    short = recording("short.flac", "sine=frequency=330:duration=3:sample_rate=44100", ["-af", "volume=0.5"]);
  });
  afterAll(async () => {
    for (const pipe of pipes) await pipe.dispose();
    await onnx?.hub.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("transcribes raw and base64 audio of any format, with timestamps and languages, across 30 s windows", async () => {
    const asr = await ref("automatic-speech-recognition", WHISPER);
    const flac = fs.readFileSync(short);
    const raw = await ok<Transcript>(
      await onnx.call(WHISPER, new Uint8Array(flac), { contentType: "audio/flac" }),
    );
    expect(raw).toEqual(await asr(samplesOf(short)));

    const timed = await ok<Transcript>(
      await onnx.call(WHISPER, {
        inputs: flac.toString("base64"),
        parameters: { return_timestamps: true, language: "fr" },
      }),
    );
    expect(timed).toEqual(
      await asr(samplesOf(short), { return_timestamps: true, language: "fr", chunk_length_s: 30 }),
    );
    expect(timed.chunks?.length).toBeGreaterThan(0);

    // 40 seconds: two overlapping windows merged as the pipeline merges them (chunk_length_s 30).
    const long = recording("long.mp3", "anoisesrc=duration=40:color=pink:amplitude=0.2", [
      "-ac",
      "1",
      "-b:a",
      "32k",
    ]);
    const hub = await ok<Transcript>(
      await onnx.call(WHISPER, {
        inputs: fs.readFileSync(long).toString("base64"),
        parameters: { return_timestamps: true },
      }),
    );
    expect(hub).toEqual(await asr(samplesOf(long), { return_timestamps: true, chunk_length_s: 30 }));

    const silent = recording("silent.wav", "anullsrc=r=16000:cl=mono", ["-t", "1"]);
    expect(
      await ok(
        await onnx.call(WHISPER, new Uint8Array(fs.readFileSync(silent)), { contentType: "audio/wav" }),
      ),
    ).toEqual(await asr(samplesOf(silent)));
    // What a browser's MediaRecorder sends.
    const webm = recording("clip.webm", "sine=frequency=500:duration=2", ["-c:a", "libopus"]);
    const recorded = await ok<Transcript>(
      await onnx.call(WHISPER, new Uint8Array(fs.readFileSync(webm)), { contentType: "audio/webm" }),
    );
    expect(recorded).toEqual(await asr(samplesOf(webm)));
  }, 180_000);

  it("transcribes ten minutes in windows, and refuses longer audio before decoding it", async () => {
    const tenMinutes = recording("ten.mp3", "sine=frequency=200:duration=600", ["-ac", "1", "-b:a", "16k"]);
    const client = new OpenAI({ baseURL: `${onnx.hub.url}/v1`, apiKey: onnx.alice });
    const verbose = (await client.audio.transcriptions.create({
      model: WHISPER,
      file: await toFile(fs.readFileSync(tenMinutes), "ten.mp3"),
      response_format: "verbose_json",
    })) as unknown as { duration: number; text: string; segments: unknown[] };
    expect(Math.round(verbose.duration)).toBe(600);
    expect(typeof verbose.text).toBe("string");

    const tooLong = recording("long.ogg", "sine=frequency=200:duration=700", [
      "-ac",
      "1",
      "-c:a",
      "libvorbis",
      "-q:a",
      "0",
    ]);
    expect(
      await error(
        await onnx.call(WHISPER, new Uint8Array(fs.readFileSync(tooLong)), { contentType: "audio/ogg" }),
        400,
      ),
    ).toMatch(/700 s long; this hub accepts at most 660 s/);
  }, 300_000);

  it("answers OpenAI's transcription formats to the openai client", async () => {
    const client = new OpenAI({ baseURL: `${onnx.hub.url}/v1`, apiKey: onnx.alice });
    const task = await ok<Transcript>(
      await onnx.call(WHISPER, new Uint8Array(fs.readFileSync(short)), { contentType: "audio/flac" }),
    );
    const json = await client.audio.transcriptions.create({
      model: WHISPER,
      file: await toFile(fs.readFileSync(short), "short.flac"),
    });
    expect(json.text).toBe(task.text);
    const text = await client.audio.transcriptions.create({
      model: WHISPER,
      file: await toFile(fs.readFileSync(short), "short.flac"),
      response_format: "text",
    });
    expect(String(text).trim()).toBe(task.text.trim());
    const srt = String(
      await client.audio.transcriptions.create({
        model: WHISPER,
        file: await toFile(fs.readFileSync(short), "short.flac"),
        response_format: "srt",
      }),
    );
    expect(srt).toMatch(/^1\n\d\d:\d\d:\d\d,\d\d\d --> \d\d:\d\d:\d\d,\d\d\d\n/);
    const vtt = String(
      await client.audio.transcriptions.create({
        model: WHISPER,
        file: await toFile(fs.readFileSync(short), "short.flac"),
        response_format: "vtt",
      }),
    );
    expect(vtt).toMatch(/^WEBVTT\n\n\d\d:\d\d:\d\d\.\d\d\d --> /);
    const form = new FormData();
    form.set("model", GPT2);
    form.set("file", new Blob([fs.readFileSync(short)]), "a.flac");
    const wrong = await fetch(`${onnx.hub.url}/v1/audio/transcriptions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${onnx.alice}` },
      body: form,
    });
    expect(await error(wrong, 400)).toMatch(/not a speech recognition model/);
    form.set("model", WHISPER);
    form.set("response_format", "xml");
    const format = await fetch(`${onnx.hub.url}/v1/audio/transcriptions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${onnx.alice}` },
      body: form,
    });
    expect(await error(format, 400)).toMatch(/response_format/);
  });

  it("classifies audio and speaks text as the pipelines do", async () => {
    const classify = await ref("audio-classification", KEYWORDS);
    const hub = await ok<{ label: string; score: number }[]>(
      await onnx.call(KEYWORDS, {
        inputs: fs.readFileSync(short).toString("base64"),
        parameters: { top_k: 3 },
      }),
    );
    const expected = (await classify(samplesOf(short), { top_k: 3 })) as { label: string; score: number }[];
    expect(hub.map((e) => e.label)).toEqual(expected.map((e) => e.label));
    hub.forEach((entry, i) => expect(Math.abs(entry.score - expected[i].score)).toBeLessThan(1e-4));

    const speak = await ref("text-to-speech", TTS);
    const wav = await onnx.call(TTS, { inputs: "Hello, world!" }, { accept: "audio/wav" });
    expect(wav.headers.get("content-type")).toBe("audio/wav");
    const file = path.join(dir, "speech.wav");
    fs.writeFileSync(file, new Uint8Array(await wav.arrayBuffer()));
    const heard = samplesOf(file);
    const spoken = (await speak("Hello, world!")) as { audio: Float32Array; sampling_rate: number };
    expect([heard.length, spoken.sampling_rate]).toEqual([spoken.audio.length, 16_000]);
    // 16-bit PCM: each sample within one quantisation step of the pipeline's waveform.
    let worst = 0;
    for (let i = 0; i < heard.length; i++) worst = Math.max(worst, Math.abs(heard[i] - spoken.audio[i]));
    expect(worst).toBeLessThan(2 / 32768);
    const flac = await onnx.call(TTS, { inputs: "Hi" });
    expect([flac.status, flac.headers.get("content-type")]).toEqual([200, "audio/flac"]);
    const mp3 = await onnx.call(TTS, { inputs: "Hi" }, { accept: "audio/mpeg" });
    expect(mp3.headers.get("content-type")).toBe("audio/mpeg");
  });

  it("answers 400 for corrupt, empty and unusable audio, never 500", async () => {
    expect(
      await error(
        await onnx.call(WHISPER, new TextEncoder().encode("not audio at all"), { contentType: "audio/flac" }),
        400,
      ),
    ).toMatch(/not audio this hub can decode/);
    const truncated = fs.readFileSync(short).subarray(0, 200);
    expect(
      await error(await onnx.call(WHISPER, new Uint8Array(truncated), { contentType: "audio/flac" }), 400),
    ).toMatch(/audio/);
    expect(
      await error(await onnx.call(WHISPER, new Uint8Array(0), { contentType: "audio/wav" }), 400),
    ).toMatch(/empty/);
    const none = recording("none.wav", "anullsrc=r=16000:cl=mono", ["-t", "0"]);
    expect(
      await error(
        await onnx.call(KEYWORDS, new Uint8Array(fs.readFileSync(none)), { contentType: "audio/wav" }),
        400,
      ),
    ).toMatch(/no samples/);
    expect(await error(await onnx.call(WHISPER, { inputs: "https://example.com/a.flac" }), 400)).toMatch(
      /URL/,
    );
    expect(await error(await onnx.call(WHISPER, { inputs: "@@@" }), 400)).toMatch(/base64/);
    expect(
      await error(
        await onnx.call(WHISPER, {
          inputs: fs.readFileSync(short).toString("base64"),
          parameters: { language: "xx" },
        }),
        400,
      ),
    ).toMatch(/Language "xx" is not supported/);
    expect(await error(await onnx.call(TTS, { inputs: "" }), 400)).toMatch(/empty/);
    expect(await error(await onnx.call(TTS, { inputs: ["a", "b"] }), 400)).toMatch(/string/);
    await ok(await onnx.call(WHISPER, new Uint8Array(fs.readFileSync(short)), { contentType: "audio/flac" }));
  });
});
