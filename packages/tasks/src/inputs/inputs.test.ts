import { describe, expect, it } from "vitest";
import {
  NO_INPUT_EXAMPLE,
  PIPELINE_TYPES,
  TASKS_WITH_INPUT_EXAMPLE,
  getModelInputSnippet,
  getModelInputValue,
  type ChatMessage,
  type ModelData,
  type PipelineType,
} from "@modelhub/tasks";

const model = (pipeline_tag: PipelineType, extra: Partial<ModelData> = {}): ModelData => ({
  id: "acme/example-model",
  pipeline_tag,
  ...extra,
});

const asString = (snippet: string | ChatMessage[]): string => {
  expect(typeof snippet).toBe("string");
  return snippet as string;
};

const HOSTILE = `He said "hi" \\ then """ left ''' with \${process.exit()} and \`cmd\`\nnew line\ttab \u2028 </script>`;

describe("getModelInputSnippet over every pipeline type", () => {
  it.each(PIPELINE_TYPES)("%s", (task) => {
    const snippet = getModelInputSnippet(model(task));
    if (!TASKS_WITH_INPUT_EXAMPLE.includes(task)) {
      expect(snippet).toBe(NO_INPUT_EXAMPLE);
      expect(getModelInputValue(model(task))).toBeUndefined();
      return;
    }
    const value = getModelInputValue(model(task));
    expect(value).toBeDefined();
    if (Array.isArray(snippet)) {
      expect(value?.kind).toBe("messages");
      return;
    }
    // Every string example is a JSON literal: a quoted string or an object.
    const parsed: unknown = JSON.parse(snippet);
    if (value?.kind === "json") expect(parsed).toEqual(value.value);
    else if (value?.kind === "text" || value?.kind === "file") {
      if (value.parameters) expect(parsed).toMatchObject(value.parameters);
      else expect(parsed).toBe(value.value);
    }
  });

  it("covers the tasks with an inference widget", () => {
    const expected: PipelineType[] = [
      "text-generation",
      "text-classification",
      "token-classification",
      "translation",
      "summarization",
      "zero-shot-classification",
      "fill-mask",
      "feature-extraction",
      "sentence-similarity",
      "question-answering",
      "table-question-answering",
      "document-question-answering",
      "image-classification",
      "image-to-text",
      "image-segmentation",
      "object-detection",
      "zero-shot-image-classification",
      "automatic-speech-recognition",
      "audio-classification",
      "audio-to-audio",
      "image-to-image",
      "image-text-to-image",
      "image-to-video",
      "image-text-to-video",
      "text-to-image",
      "text-to-video",
      "text-to-speech",
      "text-to-audio",
      "tabular-classification",
      "tabular-regression",
      "image-text-to-text",
    ];
    for (const task of expected) expect(TASKS_WITH_INPUT_EXAMPLE).toContain(task);
  });

  it("returns the exact fallback text when there is no pipeline tag", () => {
    expect(getModelInputSnippet({ id: "acme/unknown" })).toBe(
      "No input example has been defined for this model task.",
    );
  });
});

describe("shapes", () => {
  it("quotes plain string examples", () => {
    expect(getModelInputSnippet(model("text-generation"))).toBe(
      '"Can you please let us know more details about your "',
    );
    expect(getModelInputSnippet(model("text-classification"))).toBe('"I like you. I love you"');
    expect(getModelInputSnippet(model("image-classification"))).toBe('"cats.jpg"');
    expect(getModelInputSnippet(model("automatic-speech-recognition"))).toBe('"sample1.flac"');
    expect(asString(getModelInputSnippet(model("summarization")))).toMatch(/^"The tower is 324 metres/);
  });

  it.each<[PipelineType, string[]]>([
    ["question-answering", ["question", "context"]],
    ["table-question-answering", ["query", "table"]],
    ["sentence-similarity", ["source_sentence", "sentences"]],
    ["document-question-answering", ["image", "question"]],
    ["image-to-image", ["image", "prompt"]],
    ["image-text-to-image", ["image", "prompt"]],
    ["image-to-video", ["image", "prompt"]],
    ["image-text-to-video", ["image", "prompt"]],
    ["zero-shot-classification", ["text", "candidate_labels"]],
    ["zero-shot-image-classification", ["image", "candidate_labels"]],
    ["tabular-classification", ["data"]],
    ["tabular-regression", ["data"]],
  ])("%s is a JSON object with %j", (task, keys) => {
    const parsed = JSON.parse(asString(getModelInputSnippet(model(task)))) as Record<string, unknown>;
    expect(Object.keys(parsed).sort()).toEqual([...keys].sort());
  });

  it("gives a table as columns of equal length", () => {
    const { table } = JSON.parse(asString(getModelInputSnippet(model("table-question-answering")))) as {
      table: Record<string, string[]>;
    };
    const lengths = new Set(Object.values(table).map((column) => column.length));
    expect(lengths.size).toBe(1);
  });

  it("gives conversational text-generation models a list of chat messages", () => {
    const snippet = getModelInputSnippet(model("text-generation", { tags: ["conversational"] }));
    expect(snippet).toEqual([{ role: "user", content: "What is the capital of France?" }]);
  });

  it("gives image-text-to-text models a message with a text part and an image_url part", () => {
    for (const tags of [["conversational"], []]) {
      const snippet = getModelInputSnippet(model("image-text-to-text", { tags }));
      expect(Array.isArray(snippet)).toBe(true);
      const [message] = snippet as ChatMessage[];
      expect(message.role).toBe("user");
      expect(message.content).toEqual([
        { type: "text", text: "Describe this image in one sentence." },
        {
          type: "image_url",
          image_url: { url: expect.stringMatching(/^https:\/\/cdn\.britannica\.com\/.+\.jpg$/) },
        },
      ]);
    }
  });

  it("uses the model's mask token for fill-mask, [MASK] by default", () => {
    expect(getModelInputSnippet(model("fill-mask"))).toBe('"The answer to the universe is [MASK]."');
    expect(getModelInputSnippet(model("fill-mask", { mask_token: "<mask>" }))).toBe(
      '"The answer to the universe is <mask>."',
    );
    const fromTokenizer = model("fill-mask", {
      config: { tokenizer_config: { mask_token: { content: "<extra_id_0>" } } },
    });
    expect(getModelInputSnippet(fromTokenizer)).toBe('"The answer to the universe is <extra_id_0>."');
  });

  it("hands out copies: mutating a returned value changes nothing for the next caller", () => {
    const first = getModelInputValue(model("table-question-answering"));
    if (first?.kind !== "json") throw new Error("expected json");
    (first.value.table as Record<string, string[]>).Stars.push("0");
    const messages = getModelInputSnippet(
      model("text-generation", { tags: ["conversational"] }),
    ) as ChatMessage[];
    messages[0].content = "changed";
    expect(getModelInputSnippet(model("table-question-answering"))).not.toContain('"0"');
    expect(getModelInputSnippet(model("text-generation", { tags: ["conversational"] }))).toEqual([
      { role: "user", content: "What is the capital of France?" },
    ]);
  });
});

describe("widgetData is preferred", () => {
  it("uses the widget text for text tasks", () => {
    const m = model("text-classification", { widgetData: [{ text: "This film was a delight." }] });
    expect(getModelInputSnippet(m)).toBe('"This film was a delight."');
  });

  it("falls back to the card's widget list when widgetData is absent", () => {
    const m = model("translation", { cardData: { widget: [{ text: "Guten Morgen" }] } });
    expect(getModelInputSnippet(m)).toBe('"Guten Morgen"');
  });

  it("uses the widget's mask sentence for fill-mask", () => {
    const m = model("fill-mask", {
      mask_token: "<mask>",
      widgetData: [{ text: "Paris is the <mask> of France." }],
    });
    expect(getModelInputSnippet(m)).toBe('"Paris is the <mask> of France."');
  });

  it("uses source_sentence and sentences for sentence similarity", () => {
    const m = model("sentence-similarity", {
      widgetData: [{ source_sentence: "A cat sleeps", sentences: ["A kitten naps", "Stocks fell today"] }],
    });
    expect(JSON.parse(asString(getModelInputSnippet(m)))).toEqual({
      source_sentence: "A cat sleeps",
      sentences: ["A kitten naps", "Stocks fell today"],
    });
  });

  it("uses text + context for question answering and text + table for table QA", () => {
    const qa = model("question-answering", {
      widgetData: [{ text: "Where do I live?", context: "I live in Oslo." }],
    });
    expect(JSON.parse(asString(getModelInputSnippet(qa)))).toEqual({
      question: "Where do I live?",
      context: "I live in Oslo.",
    });
    const tqa = model("table-question-answering", {
      widgetData: [
        { text: "Which city is largest?", table: { City: ["Oslo", "Bergen"], People: ["700000", "290000"] } },
      ],
    });
    expect(JSON.parse(asString(getModelInputSnippet(tqa)))).toEqual({
      query: "Which city is largest?",
      table: { City: ["Oslo", "Bergen"], People: ["700000", "290000"] },
    });
  });

  it("uses the widget's candidate labels, written as a comma list", () => {
    const m = model("zero-shot-classification", {
      widgetData: [{ text: "The match ended 2-1.", candidate_labels: "sports, politics ,  cooking" }],
    });
    expect(JSON.parse(asString(getModelInputSnippet(m)))).toEqual({
      text: "The match ended 2-1.",
      candidate_labels: ["sports", "politics", "cooking"],
    });
  });

  it("uses widget messages, or widget text as the user turn, for chat models", () => {
    const withMessages = model("text-generation", {
      tags: ["conversational"],
      widgetData: [
        {
          messages: [
            { role: "system", content: "Be brief." },
            { role: "user", content: "Hi!" },
          ],
        },
      ],
    });
    expect(getModelInputSnippet(withMessages)).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Hi!" },
    ]);
    const withText = model("text-generation", {
      tags: ["conversational"],
      widgetData: [{ text: "Who are you?" }],
    });
    expect(getModelInputSnippet(withText)).toEqual([{ role: "user", content: "Who are you?" }]);
  });

  it("uses structured_data for tabular models", () => {
    const m = model("tabular-regression", {
      widgetData: [{ structured_data: { age: [31, 45], income: ["52000", "61000"] } }],
    });
    expect(JSON.parse(asString(getModelInputSnippet(m)))).toEqual({
      data: { age: ["31", "45"], income: ["52000", "61000"] },
    });
  });

  it("ignores malformed widget fields and uses the default example", () => {
    const m = model("sentence-similarity", {
      widgetData: [{ source_sentence: "", sentences: [1, 2] as unknown as string[] }],
    });
    expect(JSON.parse(asString(getModelInputSnippet(m)))).toMatchObject({
      source_sentence: "That is a happy person",
    });
    const bad = model("text-classification", { widgetData: "nonsense" as unknown as [] });
    expect(getModelInputSnippet(bad)).toBe('"I like you. I love you"');
  });
});

describe("noWrap and noQuotes", () => {
  const similarity = model("sentence-similarity");

  it("keeps layout and quotes unless asked", () => {
    const snippet = asString(getModelInputSnippet(similarity));
    expect(snippet).toContain("\n");
    expect(snippet).toContain('"');
    expect(getModelInputSnippet(similarity, false, false)).toBe(snippet);
  });

  it("noWrap collapses newlines, tabs and runs of spaces into one space", () => {
    const snippet = asString(getModelInputSnippet(similarity, true));
    expect(snippet).not.toMatch(/\n|\t| {2}/);
    expect(snippet).toContain('"');
    expect(JSON.parse(snippet)).toEqual(JSON.parse(asString(getModelInputSnippet(similarity))));
    const spaced = model("text-generation", { widgetData: [{ text: "one   two\t\tthree" }] });
    expect(getModelInputSnippet(spaced, true)).toBe('"one two\\t\\tthree"');
  });

  it("noQuotes unwraps a plain string, unescaped", () => {
    expect(getModelInputSnippet(model("text-classification"), false, true)).toBe("I like you. I love you");
    const quoted = model("text-classification", { widgetData: [{ text: 'He said "it\'s\tfine"' }] });
    expect(getModelInputSnippet(quoted, false, true)).toBe('He said "it\'s\tfine"');
    expect(getModelInputSnippet(quoted, true, true)).toBe('He said "it\'s fine"');
    expect(getModelInputSnippet(model("image-classification"), false, true)).toBe(
      JSON.parse(asString(getModelInputSnippet(model("image-classification")))),
    );
  });

  it.each<PipelineType>([
    "question-answering",
    "sentence-similarity",
    "table-question-answering",
    "zero-shot-classification",
    "image-to-image",
    "document-question-answering",
    "tabular-classification",
  ])("noQuotes keeps the JSON-shaped input of %s valid JSON (issue #15)", (task) => {
    const plain = asString(getModelInputSnippet(model(task)));
    const snippet = asString(getModelInputSnippet(model(task), false, true));
    expect(snippet).toBe(plain);
    expect(JSON.parse(snippet)).toEqual(JSON.parse(plain));
    const oneLine = asString(getModelInputSnippet(model(task), true, true));
    expect(oneLine).not.toContain("\n");
    expect(JSON.parse(oneLine)).toEqual(JSON.parse(plain));
  });

  it("does not touch chat messages", () => {
    const chat = model("text-generation", { tags: ["conversational"] });
    expect(getModelInputSnippet(chat, true, true)).toEqual(getModelInputSnippet(chat));
  });
});

describe("hostile strings from model records stay valid literals", () => {
  it("escapes a hostile mask token", () => {
    const snippet = asString(getModelInputSnippet(model("fill-mask", { mask_token: HOSTILE })));
    expect(JSON.parse(snippet)).toBe(`The answer to the universe is ${HOSTILE}.`);
  });

  it.each<[PipelineType, Record<string, unknown>]>([
    ["text-classification", { text: HOSTILE }],
    ["fill-mask", { text: HOSTILE }],
    ["question-answering", { text: HOSTILE, context: HOSTILE }],
    ["table-question-answering", { text: HOSTILE, table: { [HOSTILE]: [HOSTILE] } }],
    ["sentence-similarity", { source_sentence: HOSTILE, sentences: [HOSTILE, HOSTILE] }],
    ["zero-shot-classification", { text: HOSTILE, candidate_labels: [HOSTILE] }],
    ["document-question-answering", { text: HOSTILE }],
    ["image-to-image", { prompt: HOSTILE }],
    ["tabular-classification", { structured_data: { [HOSTILE]: [HOSTILE] } }],
  ])("%s widget data", (task, widget) => {
    const m = model(task, { widgetData: [widget] });
    const parsed: unknown = JSON.parse(asString(getModelInputSnippet(m)));
    expect(JSON.stringify(parsed)).toContain(JSON.stringify(HOSTILE).slice(1, -1));
    // Collapsing white space must not break the literal either (U+2028 is raw white space in JSON text).
    expect(() => JSON.parse(asString(getModelInputSnippet(m, true)))).not.toThrow();
  });

  it("keeps hostile chat text as data inside the messages", () => {
    const m = model("text-generation", { tags: ["conversational"], widgetData: [{ text: HOSTILE }] });
    expect(getModelInputSnippet(m)).toEqual([{ role: "user", content: HOSTILE }]);
    const messages = getModelInputSnippet(m) as ChatMessage[];
    expect(JSON.parse(JSON.stringify(messages))).toEqual(messages);
  });
});

describe("getModelInputValue", () => {
  it("returns structured values per kind", () => {
    expect(getModelInputValue(model("text-classification"))).toEqual({
      kind: "text",
      value: "I like you. I love you",
    });
    expect(getModelInputValue(model("image-classification"))).toEqual({
      kind: "file",
      value: "cats.jpg",
      media: "image",
    });
    expect(getModelInputValue(model("audio-classification"))).toEqual({
      kind: "file",
      value: "sample1.flac",
      media: "audio",
    });
    expect(getModelInputValue(model("zero-shot-classification"))).toMatchObject({
      kind: "text",
      parameters: { candidate_labels: ["refund", "legal", "faq"] },
    });
    expect(getModelInputValue(model("zero-shot-image-classification"))).toEqual({
      kind: "file",
      value: "cats.jpg",
      media: "image",
      parameters: { candidate_labels: ["cat", "dog", "llama"] },
    });
    expect(getModelInputValue(model("image-to-image"))).toEqual({
      kind: "json",
      value: { image: "cat.png", prompt: "Turn the cat into a tiger." },
    });
    expect(getModelInputValue(model("text-generation", { tags: ["conversational"] }))?.kind).toBe("messages");
    expect(getModelInputValue(model("text-generation"))?.kind).toBe("text");
    expect(getModelInputValue(model("graph-ml"))).toBeUndefined();
  });
});

describe("modelInputLiteral", () => {
  it("turns every kind into plain literal data the code builders can render", async () => {
    const { modelInputLiteral, jsonValue } = await import("@modelhub/tasks");
    const chat = getModelInputValue(model("image-text-to-text"));
    if (!chat) throw new Error("expected an example");
    const literal = modelInputLiteral(chat);
    expect(literal).toEqual(getModelInputSnippet(model("image-text-to-text")));
    expect(JSON.parse(jsonValue(literal))).toEqual(literal);
    const zeroShot = getModelInputValue(model("zero-shot-classification"));
    if (!zeroShot) throw new Error("expected an example");
    expect(modelInputLiteral(zeroShot)).toBe(zeroShot.value);
  });
});
