/**
 * Answers held to a grammar end only when the grammar is complete (or at max_tokens), and no answer
 * ends in half a character. The demo model's random weights make it reach for special tokens and
 * byte-fallback pieces often, which is what broke both.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TINY_CHAT_MODEL_ID } from "../../src/seed/tiny-gguf/demo-model.js";
import { startEmbeddedHub, type EmbeddedHub } from "./helpers/embedded-hub.js";

type Completion = {
  choices: { message: { content: string }; finish_reason: string }[];
  usage: { completion_tokens: number };
};

const JSON_OBJECT = { type: "json_object" };
const NAME_SCHEMA = {
  type: "json_schema",
  json_schema: {
    name: "named",
    schema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
  },
};

describe("embedded backend: grammar-held answers and cut characters", () => {
  let e: EmbeddedHub;
  beforeAll(async () => {
    e = await startEmbeddedHub("sqlite");
  }, 120_000);
  afterAll(async () => {
    await e?.stop();
  });

  async function chat(body: Record<string, unknown>): Promise<Completion> {
    const response = await fetch(`${e.hub.url}/v1/chat/completions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${e.alice}`, "Content-Type": "application/json" },
      body: JSON.stringify({ model: TINY_CHAT_MODEL_ID, ...body }),
    });
    const answer = (await response.json()) as Completion;
    expect(response.status, JSON.stringify(answer)).toBe(200);
    return answer;
  }

  it("under response_format at temperature 0, 'stop' always means complete JSON", async () => {
    const seen: string[] = [];
    for (const content of ["a b c", "json please", "x"])
      for (const format of [JSON_OBJECT, NAME_SCHEMA]) {
        const answer = await chat({
          messages: [{ role: "user", content }],
          response_format: format,
          temperature: 0,
          max_tokens: 200,
        });
        const { message, finish_reason: finish } = answer.choices[0];
        seen.push(finish);
        if (finish === "stop") expect(() => JSON.parse(message.content), message.content).not.toThrow();
        else {
          expect(finish).toBe("length");
          expect(answer.usage.completion_tokens).toBe(200);
        }
      }
    expect(seen).toHaveLength(6);
  });

  it("drops a character cut by max_tokens instead of ending in U+FFFD, streamed or not", async () => {
    const endings: string[] = [];
    // Seeds and lengths at which the demo model's answer ends inside a multi-byte character.
    const cuts: [number, number][] = [
      [2, 8],
      [10, 7],
      [11, 8],
      [16, 13],
      [19, 7],
    ];
    for (const [seed, maxTokens] of cuts)
      for (const format of [undefined, JSON_OBJECT]) {
        const body = {
          messages: [{ role: "user", content: "json please" }],
          response_format: format,
          temperature: 1,
          seed,
          max_tokens: maxTokens,
        };
        const whole = (await chat(body)).choices[0].message.content;
        endings.push(whole.slice(-1));
        const response = await fetch(`${e.hub.url}/v1/chat/completions`, {
          method: "POST",
          headers: { Authorization: `Bearer ${e.alice}`, "Content-Type": "application/json" },
          body: JSON.stringify({ model: TINY_CHAT_MODEL_ID, ...body, stream: true }),
        });
        let streamed = "";
        for (const line of (await response.text()).split("\n")) {
          if (!line.startsWith("data: {")) continue;
          const chunk = JSON.parse(line.slice(6)) as { choices: { delta?: { content?: string } }[] };
          streamed += chunk.choices[0]?.delta?.content ?? "";
        }
        // Only the whole JSON answer drops the white space its grammar allows after the value.
        expect(streamed.trimEnd()).toBe(whole.trimEnd());
        endings.push(streamed.slice(-1));
      }
    expect(endings.filter((c) => c === "\ufffd")).toEqual([]);
  });
});
