import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { familyForTask, TASK_FAMILIES } from "../../src/inference/onnx/families/registry.js";
import { formatTranscript, segmentsOf } from "../../src/inference/onnx/families/speech/transcript-formats.js";
import { openAiGeneration } from "../../src/inference/onnx/families/text-generation/openai-transport.js";
import { generationSettings } from "../../src/inference/onnx/families/text-generation/requests.js";
import { audioTypeFor } from "../../src/inference/onnx/media/audio-encoder.js";
import { checkImageBudget } from "../../src/inference/onnx/media/image-budget.js";
import { tinyPng } from "./helpers/tiny-png.js";
import { defaultWorkers, threadsPerWorker } from "../../src/inference/onnx/onnx-settings.js";
import { servingTask } from "../../src/inference/onnx/servable-family.js";
import { RUNNABLE_DEMO_MODELS } from "../../src/seed/tiny-onnx/demo-registry.js";

const GB = 1024 ** 3;

describe("ONNX task-family parts", () => {
  it("runs one worker per core by default, bounded by half the memory, and shares the cores as threads", () => {
    expect(defaultWorkers({ cores: 2, memoryBytes: 24 * GB }, GB)).toBe(2);
    expect(defaultWorkers({ cores: 16, memoryBytes: 8 * GB }, GB)).toBe(4);
    expect(defaultWorkers({ cores: 8, memoryBytes: GB }, 2 * GB)).toBe(1);
    expect([threadsPerWorker(2, 2), threadsPerWorker(1, 4), threadsPerWorker(8, 4)]).toEqual([1, 4, 1]);
  });

  it("has one family per task and writes every demo model byte-identically, small", () => {
    const tasks = TASK_FAMILIES.flatMap((family) => family.tasks);
    expect(new Set(tasks).size).toBe(tasks.length);
    for (const model of RUNNABLE_DEMO_MODELS.filter((m) => familyForTask(m.task))) {
      const paths = model.files().map((file) => file.path);
      const task = servingTask(model.task, paths);
      expect([model.id, familyForTask(task)!.layout(task, paths)]).toEqual([
        model.id,
        expect.arrayContaining(["config.json"]),
      ]);
    }
    const digest = () =>
      RUNNABLE_DEMO_MODELS.map((model) =>
        createHash("sha256")
          .update(
            model
              .files()
              .map((file) => `${file.path}\n${Buffer.from(file.content).toString("base64")}`)
              .join("\n"),
          )
          .digest("hex"),
      );
    expect(digest()).toEqual(digest());
    const bytes = RUNNABLE_DEMO_MODELS.flatMap((model) => model.files()).reduce(
      (sum, file) => sum + Buffer.byteLength(file.content),
      0,
    );
    expect(bytes).toBeLessThan(8 * 1024 * 1024);
  });

  it("serves a text-generation repo holding an encoder-decoder export as text2text-generation", () => {
    const seq2seq = ["config.json", "onnx/encoder_model.onnx", "onnx/decoder_model_merged.onnx"];
    expect(servingTask("text-generation", seq2seq)).toBe("text2text-generation");
    expect(servingTask("text-generation", [...seq2seq, "onnx/model.onnx"])).toBe("text-generation");
    expect(servingTask("summarization", seq2seq)).toBe("summarization");
  });

  it("reads the Inference API's generation parameters with TGI's sampling rule", () => {
    expect(generationSettings({}).options).toEqual({ do_sample: false, return_full_text: false });
    expect(generationSettings({ temperature: 0.5 }).options).toMatchObject({
      do_sample: true,
      temperature: 0.5,
    });
    expect(generationSettings({ top_k: 5, do_sample: false }).options.do_sample).toBe(false);
    expect(generationSettings({ stop: "x", seed: 7 })).toMatchObject({ stop: ["x"], seed: 7 });
    expect(() => generationSettings({ top_p: 0 })).toThrow(/top_p/);
    expect(() => generationSettings({ stop: ["a", "b", "c", "d", "e"] })).toThrow(/at most 4/);
  });

  it("reads OpenAI bodies for the ONNX generators and refuses what it cannot honour", () => {
    const chat = openAiGeneration("chat/completions", {
      model: "a/b",
      messages: [{ role: "developer", content: [{ type: "text", text: "hi" }] }],
      temperature: 0,
      frequency_penalty: 0,
    });
    expect(chat.input).toMatchObject({
      chat: true,
      prompts: [[{ role: "system", content: "hi" }]],
      options: { do_sample: false, max_new_tokens: 256 },
    });
    expect(
      openAiGeneration("completions", { model: "a/b", prompt: ["x"], top_p: 0.5 }).input.options,
    ).toMatchObject({
      do_sample: true,
      temperature: 1,
      top_p: 0.5,
    });
    expect(() => openAiGeneration("chat/completions", { model: "a", messages: [], n: 1 })).toThrow(
      /non-empty/,
    );
    expect(() =>
      openAiGeneration("chat/completions", { model: "a", messages: [{ role: "tool", content: "x" }] }),
    ).toThrow(/not supported/);
    expect(() => openAiGeneration("completions", { model: "a", prompt: "x", logprobs: 3 })).toThrow(
      /"logprobs"/,
    );
    expect(() => openAiGeneration("completions", { model: "a", prompt: "x", n: 2 })).toThrow(/"n": 1/);
  });

  it("writes transcripts as OpenAI's formats, closing open segments at the next start or the end", () => {
    const transcript = {
      text: " one two",
      chunks: [
        { text: " one", timestamp: [0, null] as [number, null] },
        { text: " two", timestamp: [3.5, null] as [number, null] },
      ],
    };
    expect(segmentsOf(transcript, 7.25)).toEqual([
      { start: 0, end: 3.5, text: " one" },
      { start: 3.5, end: 7.25, text: " two" },
    ]);
    const info = { duration: 7.25, task: "transcribe" as const };
    expect(formatTranscript(transcript, "srt", info).body).toBe(
      "1\n00:00:00,000 --> 00:00:03,500\none\n\n2\n00:00:03,500 --> 00:00:07,250\ntwo\n",
    );
    expect(formatTranscript(transcript, "vtt", info).body).toBe(
      "WEBVTT\n\n00:00:00.000 --> 00:00:03.500\none\n\n00:00:03.500 --> 00:00:07.250\ntwo\n",
    );
    expect(JSON.parse(formatTranscript({ text: "x" }, "verbose_json", info).body)).toMatchObject({
      duration: 7.25,
      segments: [{ start: 0, end: 7.25, text: "x" }],
    });
    expect(formatTranscript({ text: "x" }, "text", info)).toEqual({
      body: "x\n",
      contentType: "text/plain; charset=utf-8",
    });
  });

  it("answers speech in the format the Accept header names, FLAC otherwise", () => {
    expect(audioTypeFor(undefined)).toBe("audio/flac");
    expect(audioTypeFor("audio/x-wav;q=0.9, */*")).toBe("audio/wav");
    expect(audioTypeFor("audio/mp3")).toBe("audio/mpeg");
    expect(audioTypeFor("application/json")).toBe("audio/flac");
  });

  it("refuses an image whose header declares more pixels than the budget, before decoding it", async () => {
    expect(await checkImageBudget(tinyPng(48, 40), 10_000)).toMatchObject({
      width: 48,
      height: 40,
      format: "png",
    });
    await expect(checkImageBudget(tinyPng(200, 100), 10_000)).rejects.toThrow(
      /200×100 pixels; this hub accepts at most 10000/,
    );
    await expect(checkImageBudget(new TextEncoder().encode("not an image"), 10_000)).rejects.toThrow(
      /not an image/,
    );
  });
});
