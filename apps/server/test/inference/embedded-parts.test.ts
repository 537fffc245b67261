import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  GenerationSlots,
  QueueFullError,
  SlotWaitAborted,
} from "../../src/inference/embedded/generation-slots.js";
import { loadLlamaBinding, type LlamaBinding } from "../../src/inference/embedded/llama-binding.js";
import { ModelTooLargeError, type ModelFile } from "../../src/inference/embedded/lru-model-pool.js";
import { ModelPool } from "../../src/inference/embedded/model-pool.js";
import { releasableText } from "../../src/inference/embedded/stop-text.js";
import { generateText } from "../../src/inference/embedded/text-generation.js";
import { buildTinyLlamaGguf } from "../../src/seed/tiny-gguf/tiny-llama.js";

describe("generation slots", () => {
  it("runs `concurrency` at once, queues up to maxQueue in order, refuses the rest", async () => {
    const slots = new GenerationSlots(1, 2);
    const signal = new AbortController().signal;
    const first = await slots.acquire(signal);
    const order: string[] = [];
    const second = slots.acquire(signal).then((release) => (order.push("second"), release));
    const third = slots.acquire(signal).then((release) => (order.push("third"), release));
    await expect(slots.acquire(signal)).rejects.toBeInstanceOf(QueueFullError);
    first();
    (await second)();
    (await third)();
    expect(order).toEqual(["second", "third"]);
    expect(slots.queued).toBe(0);
  });

  it("drops a waiter whose caller left", async () => {
    const slots = new GenerationSlots(1, 1);
    const release = await slots.acquire(new AbortController().signal);
    const leaving = new AbortController();
    const waiting = slots.acquire(leaving.signal);
    leaving.abort();
    await expect(waiting).rejects.toBeInstanceOf(SlotWaitAborted);
    expect(slots.queued).toBe(0);
    release();
    const again = await slots.acquire(new AbortController().signal);
    again();
  });
});

describe("stop strings", () => {
  it("cuts at the first stop string and holds back what could still become one", () => {
    expect(releasableText("hello world", ["wor"])).toEqual({ text: "hello ", stopped: true });
    expect(releasableText("hello wo", ["wor"])).toEqual({ text: "hello ", stopped: false });
    expect(releasableText("hello", [])).toEqual({ text: "hello", stopped: false });
    expect(releasableText("caf\ufffd", [])).toEqual({ text: "caf", stopped: false });
  });
});

/** A binding whose models are plain objects: enough to watch loads and unloads. */
function fakeBinding(events: string[]): LlamaBinding {
  const llama = {
    cpuMathCores: 2,
    loadModel: async ({ modelPath }: { modelPath: string }) => {
      events.push(`load ${modelPath}`);
      return {
        trainContextSize: 512,
        createContext: async () => ({ getSequence: () => ({ contextSize: 512 }) }),
        dispose: async () => {
          events.push(`unload ${modelPath}`);
        },
      };
    },
  };
  return { llama, lib: { resolveChatWrapper: () => ({}) } } as unknown as LlamaBinding;
}

const file = (name: string, mb: number): ModelFile => ({
  sha256: name.padEnd(64, "0"),
  size: mb * 1024 * 1024,
  localPath: `/models/${name}`,
});

describe("model pool", () => {
  it("unloads the least recently used idle model beyond maxLoadedModels", async () => {
    const events: string[] = [];
    const pool = new ModelPool(fakeBinding(events), { maxLoadedModels: 2, sequences: 1 });
    for (const name of ["a", "b", "a", "c"]) (await pool.lease(file(name, 1))).release();
    expect(events).toEqual(["load /models/a", "load /models/b", "load /models/c", "unload /models/b"]);
    expect(pool.loaded).toBe(2);
  });

  it("keeps the loaded files within maxMemoryMB, never unloading a model in use", async () => {
    const events: string[] = [];
    const pool = new ModelPool(fakeBinding(events), {
      maxLoadedModels: 8,
      maxMemoryBytes: 10 * 1048576,
      sequences: 2,
    });
    const a = await pool.lease(file("a", 6));
    const b = await pool.lease(file("b", 6)); // over the bound while "a" is busy
    expect(events).toEqual(["load /models/a", "load /models/b"]);
    a.release(); // now "a" can go
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toContain("unload /models/a");
    b.release();
    await expect(pool.lease(file("huge", 11))).rejects.toBeInstanceOf(ModelTooLargeError);
  });
});

describe("token generation", () => {
  it("generates only as far as the reader pulls", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-tiny-gen-"));
    const modelPath = path.join(dir, "tiny.gguf");
    fs.writeFileSync(modelPath, buildTinyLlamaGguf());
    const { llama } = await loadLlamaBinding();
    const model = await llama.loadModel({ modelPath });
    try {
      const context = await model.createContext({ contextSize: 512, threads: 1 });
      const sequence = context.getSequence();
      const prompt = [model.tokens.bos!, ...model.tokenize("the model hub")];
      const generation = generateText(sequence, prompt, {
        maxTokens: 400,
        temperature: 1,
        topP: 1,
        seed: 9,
        stop: [],
      });
      let pieces = 0;
      for await (const piece of generation) {
        expect(typeof piece).toBe("string");
        if (++pieces === 3) break; // the reader leaves
      }
      // The prompt, plus the few tokens pulled (a piece may wait for a character's last byte).
      expect(sequence.nextTokenIndex).toBeLessThanOrEqual(prompt.length + 8);
    } finally {
      await model.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
