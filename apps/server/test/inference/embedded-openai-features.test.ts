import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { TINY_CHAT_MODEL_ID } from "../../src/seed/tiny-gguf/demo-model.js";
import { postJson } from "../platform/helpers/test-hub.js";
import { startEmbeddedHub, type EmbeddedHub } from "./helpers/embedded-hub.js";
import { errorOf } from "./helpers/responses.js";

const MODEL = TINY_CHAT_MODEL_ID;
const ASK = [{ role: "user" as const, content: "Describe a person" }];

const PERSON_SCHEMA = {
  type: "object",
  properties: {
    // Bounded, so the random-weight model cannot ramble inside a string until max_tokens.
    name: { type: "string", maxLength: 12 },
    adult: { type: "boolean" },
    color: { enum: ["red", "green", "blue"] },
    tags: { type: "array", items: { type: "string", maxLength: 6 }, maxItems: 2 },
  },
  required: ["name", "adult", "color", "tags"],
  additionalProperties: false,
};
const Person = z
  .object({
    name: z.string().max(12),
    adult: z.boolean(),
    color: z.enum(["red", "green", "blue"]),
    tags: z.array(z.string().max(6)).max(2),
  })
  .strict();

const WEATHER_TOOL = {
  type: "function" as const,
  function: {
    name: "get_weather",
    description: "The weather in a city",
    parameters: {
      type: "object",
      properties: { city: { type: "string", maxLength: 12 }, unit: { enum: ["celsius", "fahrenheit"] } },
      required: ["city", "unit"],
    },
  },
};
const WeatherArgs = z.object({ city: z.string(), unit: z.enum(["celsius", "fahrenheit"]) });

describe("embedded backend: more of the OpenAI chat API", () => {
  let e: EmbeddedHub;
  let client: OpenAI;
  beforeAll(async () => {
    e = await startEmbeddedHub("sqlite");
    client = new OpenAI({ apiKey: e.alice, baseURL: `${e.hub.url}/v1` });
  });
  afterAll(async () => {
    await e?.stop();
  });

  it("answers json_schema with JSON that parses and validates, and json_object with JSON", async () => {
    for (const seed of [1, 2]) {
      const answer = await client.chat.completions.create({
        model: MODEL,
        messages: ASK,
        max_tokens: 200,
        seed,
        response_format: { type: "json_schema", json_schema: { name: "person", schema: PERSON_SCHEMA } },
      });
      expect(answer.choices[0].finish_reason).toBe("stop");
      Person.parse(JSON.parse(answer.choices[0].message.content ?? ""));
    }
    const object = await client.chat.completions.create({
      model: MODEL,
      messages: ASK,
      max_tokens: 200,
      seed: 4,
      response_format: { type: "json_object" },
    });
    if (object.choices[0].finish_reason === "stop") JSON.parse(object.choices[0].message.content ?? "");
  });

  it("calls a tool in the OpenAI shape, whole and streamed", async () => {
    const answer = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: "user", content: "Weather in Oslo?" }],
      tools: [WEATHER_TOOL],
      tool_choice: "required",
      max_tokens: 120,
      seed: 7,
    });
    const choice = answer.choices[0];
    expect(choice.finish_reason).toBe("tool_calls");
    expect(choice.message.content).toBeNull();
    const call = choice.message.tool_calls![0];
    expect(call).toMatchObject({ type: "function", id: expect.stringMatching(/^call_/) });
    if (call.type !== "function") throw new Error("not a function call");
    expect(call.function.name).toBe("get_weather");
    WeatherArgs.parse(JSON.parse(call.function.arguments));

    // The client's stream helper accumulates the streamed call into the final message.
    const stream = client.chat.completions.stream({
      model: MODEL,
      messages: [{ role: "user", content: "Weather in Oslo?" }],
      tools: [WEATHER_TOOL],
      tool_choice: { type: "function", function: { name: "get_weather" } },
      max_tokens: 120,
      seed: 7,
    });
    const final = await stream.finalChatCompletion();
    const streamedCall = final.choices[0].message.tool_calls![0];
    if (streamedCall.type !== "function") throw new Error("not a function call");
    expect(streamedCall.function.name).toBe("get_weather");
    expect(JSON.parse(streamedCall.function.arguments)).toEqual(JSON.parse(call.function.arguments));

    // "auto", after a call and its result: the model may reply in text or call again; either comes back
    // in the OpenAI shape. (A one-field tool: the tiny model's 512-token context is small.)
    const ping = {
      type: "function" as const,
      function: { name: "ping", parameters: { type: "object", properties: {} } },
    };
    const auto = await client.chat.completions.create({
      model: MODEL,
      messages: [
        { role: "user", content: "Ping?" },
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "call_1", type: "function", function: { name: "ping", arguments: "{}" } }],
        },
        { role: "tool", tool_call_id: "call_1", content: "pong" },
      ],
      tools: [ping],
      max_tokens: 60,
      seed: 8,
    });
    const message = auto.choices[0].message;
    if (auto.choices[0].finish_reason === "tool_calls")
      expect(message.tool_calls![0]).toMatchObject({ function: { name: "ping" } });
    else expect(typeof message.content).toBe("string");
  });

  it("stops at a stop string, and the same seed gives the same text", async () => {
    const ask = (seed: number, stop?: string[]) =>
      client.chat.completions.create({
        model: MODEL,
        messages: ASK,
        max_tokens: 40,
        seed,
        temperature: 1,
        stop,
      });
    const first = (await ask(11)).choices[0].message.content ?? "";
    expect((await ask(11)).choices[0].message.content).toBe(first);
    const words = first.trim().split(/\s+/);
    expect(words.length).toBeGreaterThan(2);
    const stop = ` ${words[2]}`;
    const stopped = await ask(11, [stop]);
    expect(stopped.choices[0].finish_reason).toBe("stop");
    expect(stopped.choices[0].message.content).toBe(first.slice(0, first.indexOf(stop)));
  });

  it("gives log probabilities with the top alternatives", async () => {
    const answer = await client.chat.completions.create({
      model: MODEL,
      messages: ASK,
      max_tokens: 5,
      seed: 3,
      logprobs: true,
      top_logprobs: 3,
    });
    const entries = answer.choices[0].logprobs!.content!;
    expect(entries.length).toBe(answer.usage!.completion_tokens);
    for (const entry of entries) {
      expect(entry.logprob).toBeLessThanOrEqual(0);
      expect(entry.top_logprobs).toHaveLength(3);
      expect(entry.top_logprobs[0].logprob).toBeGreaterThanOrEqual(entry.top_logprobs[2].logprob);
    }
    expect(entries.map((entry) => entry.token).join("")).toBe(answer.choices[0].message.content);
  });

  it("refuses fields it cannot honour with a 400 naming them", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ logit_bias: { "1": 5 } }, /"logit_bias"/],
      [{ audio: {}, modalities: ["audio"] }, /"audio", "modalities"/],
      [{ response_format: { type: "xml" } }, /"response_format.type"/],
      [{ tools: [WEATHER_TOOL], tool_choice: { type: "function", function: { name: "nope" } } }, /"nope"/],
      [{ tools: [WEATHER_TOOL], response_format: { type: "json_object" } }, /cannot be combined/],
      [{ top_logprobs: 2 }, /"top_logprobs" needs "logprobs"/],
      [{ n: 2 }, /"n": 1/],
    ];
    for (const [extra, message] of cases) {
      const response = await postJson(
        `${e.hub.url}/v1/chat/completions`,
        { model: MODEL, messages: ASK, ...extra },
        e.alice,
      );
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(await errorOf(response)).toMatch(message);
    }
    const nulls = await postJson(
      `${e.hub.url}/v1/chat/completions`,
      { model: MODEL, messages: ASK, max_tokens: 2, logit_bias: null, tools: null },
      e.alice,
    );
    expect(nulls.status).toBe(200);
  });
});
