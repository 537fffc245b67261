import { random } from "@huggingface/transformers";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referencePipeline, type ReferencePipe } from "./helpers/reference-pipeline.js";
import { startOnnxHub, type OnnxHub } from "./helpers/onnx-hub.js";
import { usageRows } from "./helpers/usage-rows.js";

const CHAT = "modelhub-demo/tiny-llama-chat-onnx";
const GPT2 = "modelhub-demo/tiny-gpt2-onnx";
const T5 = "modelhub-demo/tiny-t5-text2text-onnx";
const BART = "modelhub-demo/tiny-bart-summarization-onnx";
const NLLB = "modelhub-demo/tiny-nllb-translation-onnx";
const LONG = "The tower is 324 metres tall, about as high as an 81-storey building. ".repeat(60);
const NON_ASCII = "Меня зовут Вольфганг — 日本語のテキスト, café ☕";

type Generated = { generated_text: string }[];

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

/** The events of a server-sent-events body. */
function events(text: string): Record<string, unknown>[] {
  return text
    .split("\n\n")
    .filter((block) => block.startsWith("data: "))
    .map((block) => JSON.parse(block.slice(6)) as Record<string, unknown>);
}

describe("generation tasks on the ONNX backend equal transformers.js's own pipelines", () => {
  let onnx: OnnxHub;
  const reference = new Map<string, ReferencePipe>();
  const ref = async (task: string, id: string) => {
    const key = `${task}|${id}`;
    if (!reference.has(key)) reference.set(key, await referencePipeline(onnx.hub.url, task, id));
    return reference.get(key)!;
  };
  beforeAll(async () => {
    onnx = await startOnnxHub({ MODELHUB_ONNX_WORKERS: "1" }, "sqlite", [CHAT, GPT2, T5, BART, NLLB]);
  });
  afterAll(async () => {
    for (const pipe of reference.values()) await pipe.dispose();
    await onnx?.hub.stop();
  });

  it("answers text-generation as the pipeline does: greedy, seeded sampling, full text, batches, long and non-ASCII prompts", async () => {
    for (const id of [CHAT, GPT2]) {
      const pipe = await ref("text-generation", id);
      const cases: [unknown, Record<string, unknown>, Record<string, unknown>][] = [
        ["Hello world, the tower", { max_new_tokens: 12 }, { max_new_tokens: 12, do_sample: false }],
        [
          NON_ASCII,
          { max_new_tokens: 9, return_full_text: true },
          { max_new_tokens: 9, do_sample: false, return_full_text: true },
        ],
        [LONG, { max_new_tokens: 5 }, { max_new_tokens: 5, do_sample: false }],
        [["a cat", "the river is long and"], { max_new_tokens: 6 }, { max_new_tokens: 6, do_sample: false }],
      ];
      for (const [inputs, parameters, options] of cases) {
        const hub = await ok<unknown>(await onnx.call(id, { inputs, parameters }));
        const expected = await pipe(inputs, { return_full_text: false, ...options });
        expect([id, hub]).toEqual([id, Array.isArray(inputs) ? expected : expected]);
      }
      // Sampling with a fixed seed: the same seed gives the pipeline's tokens, another seed others.
      const sampled = { max_new_tokens: 16, do_sample: true, temperature: 0.9, top_k: 20, top_p: 0.95 };
      const hub = await ok<Generated>(
        await onnx.call(id, { inputs: "Once upon", parameters: { ...sampled, seed: 42 } }),
      );
      random.seed(42);
      expect(hub).toEqual(await pipe("Once upon", { ...sampled, return_full_text: false }));
      const again = await ok<Generated>(
        await onnx.call(id, { inputs: "Once upon", parameters: { ...sampled, seed: 42 } }),
      );
      expect(again).toEqual(hub);
    }
    const rows = await usageRows(onnx.hub);
    expect(rows.at(-1)).toMatchObject({
      backend: "onnx",
      route: "hf-inference/text-generation",
      status: 200,
    });
    expect(rows.at(-1)!.completion_tokens).toBe(16);
  });

  it("streams TGI events whose token ids are the pipeline's, and cuts at stop strings", async () => {
    const pipe = await ref("text-generation", GPT2);
    const response = await onnx.call(GPT2, {
      inputs: "The river",
      stream: true,
      parameters: { max_new_tokens: 10 },
    });
    expect(response.headers.get("content-type")).toMatch(/text\/event-stream/);
    const stream = events(await response.text());
    const inputs = pipe.tokenizer("The river");
    const ids = (await pipe.model.generate({ ...inputs, max_new_tokens: 10, do_sample: false })).tolist()[0];
    const promptLength = (inputs.input_ids as { dims: number[] }).dims[1];
    const tokens = stream.filter((e) => e.generated_text === null).map((e) => (e.token as { id: number }).id);
    expect(tokens).toEqual(ids.slice(promptLength).map(Number));
    const last = stream.at(-1) as { generated_text: string; details: { finish_reason: string } };
    const whole = await pipe("The river", { max_new_tokens: 10, do_sample: false, return_full_text: false });
    expect(last.generated_text).toBe((whole as Generated)[0].generated_text);
    expect(stream.map((e) => (e.token as { text: string }).text).join("")).toBe(last.generated_text);

    // A stop string ends the text before it (the text up to there is the pipeline's).
    const full = (whole as Generated)[0].generated_text;
    const stop = full.slice(3, 6);
    const cut = await ok<Generated>(
      await onnx.call(GPT2, { inputs: "The river", parameters: { max_new_tokens: 10, stop: [stop] } }),
    );
    expect(cut[0].generated_text).toBe(full.slice(0, full.indexOf(stop)));
  });

  it("stops generating when the caller disconnects", async () => {
    const controller = new AbortController();
    const response = await onnx.call(
      CHAT,
      { inputs: "Tell me", stream: true, parameters: { max_new_tokens: 2000 } },
      { signal: controller.signal },
    );
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toMatch(/^data: \{"index":0/);
    controller.abort();
    // The usage row of the call says the caller left, with the tokens made until the worker stopped.
    let row: Awaited<ReturnType<typeof usageRows>>[number] | undefined;
    for (let i = 0; i < 200 && !row; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      row = (await usageRows(onnx.hub)).find((r) => r.status === 499);
    }
    expect(row).toBeDefined();
    expect(row!.completion_tokens).toBeLessThan(2000);
  });

  it("chats and completes through /v1 with the openai client, as the pipeline answers", async () => {
    const client = new OpenAI({ baseURL: `${onnx.hub.url}/v1`, apiKey: onnx.alice });
    const pipe = await ref("text-generation", CHAT);
    const messages = [
      { role: "system" as const, content: "You are tiny." },
      { role: "user" as const, content: "Bonjour, ça va ?" },
    ];
    const answer = await client.chat.completions.create({
      model: CHAT,
      messages,
      max_tokens: 12,
      temperature: 0,
    });
    const expected = (await pipe(messages, { max_new_tokens: 12, do_sample: false })) as {
      generated_text: { content: string }[];
    }[];
    expect(answer.choices[0].message.content).toBe(expected[0].generated_text.at(-1)!.content);
    expect(answer.usage?.completion_tokens).toBe(12);

    const stream = await client.chat.completions.create({
      model: `${CHAT}:onnx`,
      messages,
      max_tokens: 12,
      temperature: 0,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    let pieces = 0;
    for await (const chunk of stream) {
      const piece = chunk.choices[0]?.delta?.content ?? "";
      if (piece) pieces++;
      text += piece;
    }
    expect([text, pieces > 1]).toEqual([answer.choices[0].message.content, true]);

    const gpt2 = await ref("text-generation", GPT2);
    const completion = await client.completions.create({
      model: GPT2,
      prompt: "Hello",
      max_tokens: 7,
      temperature: 0,
    });
    expect(completion.choices[0].text).toBe(
      (
        (await gpt2("Hello", { max_new_tokens: 7, do_sample: false, return_full_text: false })) as Generated
      )[0].generated_text,
    );
    // A T5-style model tagged text-generation answers completions with its text2text output.
    const t5 = await ref("text2text-generation", T5);
    const t5Completion = await client.completions.create({
      model: T5,
      prompt: "Summarize: hello",
      max_tokens: 9,
      temperature: 0,
    });
    expect(t5Completion.choices[0].text).toBe(
      ((await t5("Summarize: hello", { max_new_tokens: 9, do_sample: false })) as Generated)[0]
        .generated_text,
    );
    const listed = await client.models.list();
    expect(listed.data.map((m) => m.id)).toEqual(expect.arrayContaining([CHAT, GPT2, T5]));
  });

  it("answers text2text-generation, summarization and translation (src_lang / tgt_lang) as the pipelines do", async () => {
    const cases: [string, string, unknown, Record<string, unknown>][] = [
      [T5, "text2text-generation", "Translate to German: my name is Arthur", {}],
      [T5, "text2text-generation", ["a", NON_ASCII], { max_new_tokens: 8 }],
      [BART, "summarization", LONG, {}],
      [NLLB, "translation", NON_ASCII, { src_lang: "rus_Cyrl", tgt_lang: "deu_Latn" }],
      [NLLB, "translation", ["Hello", "Good morning"], { src_lang: "eng_Latn", tgt_lang: "jpn_Jpan" }],
      [NLLB, "translation", "", { src_lang: "eng_Latn", tgt_lang: "fra_Latn" }],
    ];
    for (const [id, task, inputs, parameters] of cases) {
      const pipe = await ref(task, id);
      const hub = await ok<unknown>(await onnx.call(id, { inputs, parameters }));
      expect([id, hub]).toEqual([id, await pipe(inputs, { ...parameters })]);
    }
    // Without codes the tokenizer's default direction (eng_Latn → fra_Latn) is used, as the snippets call it.
    const translate = await ref("translation", NLLB);
    expect(await ok(await onnx.call(NLLB, { inputs: "My name is Wolfgang" }))).toEqual(
      await translate("My name is Wolfgang", { src_lang: "eng_Latn", tgt_lang: "fra_Latn" }),
    );
    // huggingface_hub sends generation settings in generate_parameters.
    const summarize = await ref("summarization", BART);
    expect(
      await ok(
        await onnx.call(BART, {
          inputs: "A short text.",
          parameters: { generate_parameters: { max_new_tokens: 4 } },
        }),
      ),
    ).toEqual(await summarize("A short text.", { max_new_tokens: 4 }));
  });

  it("answers 400 naming what is wrong, never 500", async () => {
    expect(await error(await onnx.call(GPT2, { inputs: "" }), 400)).toMatch(/empty/);
    expect(await error(await onnx.call(GPT2, { inputs: 3 }), 400)).toMatch(/"inputs"/);
    expect(
      await error(await onnx.call(GPT2, { inputs: "x", parameters: { max_new_tokens: 0 } }), 400),
    ).toMatch(/max_new_tokens/);
    expect(await error(await onnx.call(GPT2, { inputs: "x", parameters: { temperature: -1 } }), 400)).toMatch(
      /temperature/,
    );
    expect(await error(await onnx.call(GPT2, { inputs: "x", parameters: { watermark: true } }), 400)).toMatch(
      /`model_kwargs` are not used by the model: \['watermark'\]/,
    );
    expect(await error(await onnx.call(GPT2, { inputs: ["a", "b"], stream: true }), 400)).toMatch(/one text/);
    expect(
      await error(await onnx.call(NLLB, { inputs: "x", parameters: { tgt_lang: "klingon" } }), 400),
    ).toMatch(/not a language of this model/);
    expect(
      await error(await onnx.call(T5, { inputs: "x", parameters: { src_lang: "eng_Latn" } }), 400),
    ).toMatch(/not used/);
    const chatToPlain = await fetch(`${onnx.hub.url}/v1/chat/completions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${onnx.alice}`, "Content-Type": "application/json" },
      body: JSON.stringify({ model: GPT2, messages: [{ role: "user", content: "x" }] }),
    });
    expect(await error(chatToPlain, 400)).toMatch(/no chat template/);
    const tools = await fetch(`${onnx.hub.url}/v1/chat/completions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${onnx.alice}`, "Content-Type": "application/json" },
      body: JSON.stringify({ model: CHAT, messages: [{ role: "user", content: "x" }], tools: [] }),
    });
    expect(await error(tools, 400)).toMatch(/Unsupported field\(s\) on this backend \(ONNX\): "tools"/);
    await ok(await onnx.call(GPT2, { inputs: "still serving", parameters: { max_new_tokens: 2 } }));
  });
});
