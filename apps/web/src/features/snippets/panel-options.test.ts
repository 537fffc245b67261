import { describe, expect, it } from "vitest";
import type { RepoInfo } from "../../lib/api-types.js";
import { localInferenceSnippets } from "./generator.js";
import { INITIAL_PANEL_STATE, mappingArgFor, snippetOptionsFor } from "./panel-options.js";

const chatModel: RepoInfo = {
  id: "acme/chat-7b",
  pipeline_tag: "text-generation",
  library_name: "transformers",
  tags: ["transformers", "text-generation", "conversational"],
};
const mappings = [
  { provider: "together", providerId: "acme/Chat-7B", status: "staging" as const, task: "conversational" },
  { provider: "groq", providerId: "acme-chat-7b", status: "live" as const, task: "conversational" },
];

describe("panel options", () => {
  it("leaves everything to the generator until the user changes something", () => {
    expect(snippetOptionsFor(INITIAL_PANEL_STATE, true)).toEqual({});
    expect(snippetOptionsFor(INITIAL_PANEL_STATE, false)).toEqual({});
  });

  it("turns edited fields into generator options", () => {
    const state = {
      ...INITIAL_PANEL_STATE,
      streaming: true,
      temperature: "0.5",
      maxTokens: "256",
      topP: "x",
      input: "Hi",
      billTo: " my-org ",
    };
    expect(snippetOptionsFor(state, true)).toEqual({
      streaming: true,
      billTo: "my-org",
      temperature: 0.5,
      max_tokens: 256,
      messages: [{ role: "user", content: "Hi" }],
    });
    expect(snippetOptionsFor(state, false)).toEqual({ billTo: "my-org", inputs: "Hi" });
  });

  it("maps auto to the first live provider, like the hub's snippet endpoint", () => {
    expect(mappingArgFor(chatModel, "auto", mappings)).toMatchObject({
      provider: "groq",
      providerId: "acme-chat-7b",
      hfModelId: "acme/chat-7b",
    });
    expect(mappingArgFor(chatModel, "together", mappings)).toMatchObject({
      provider: "together",
      status: "staging",
    });
    expect(mappingArgFor(chatModel, "auto", [])).toBeUndefined();
  });

  it("drives @modelhub/inference: the edited message and bill-to show up in the snippet", () => {
    const state = { ...INITIAL_PANEL_STATE, provider: "groq", input: 'Say "hi"', billTo: "my-org" };
    const snippets = localInferenceSnippets(
      chatModel,
      "groq",
      mappingArgFor(chatModel, "groq", mappings),
      snippetOptionsFor(state, true),
    );
    expect(snippets.length).toBeGreaterThan(0);
    const curl = snippets.find((s) => s.language === "sh");
    expect(curl?.content).toContain("my-org");
    expect(curl?.content).toContain("Say");
  });
});
