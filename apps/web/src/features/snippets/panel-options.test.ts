import { describe, expect, it } from "vitest";
import type { RepoInfo } from "@modelhub/api-types";
import { localInferenceSnippets } from "../../lib/snippets/generator.js";
import { panelInferenceSnippets } from "./panel-snippets.js";
import {
  activeProvider,
  generatorTarget,
  hubBackendChoice,
  INITIAL_PANEL_STATE,
  isHubChoice,
  mappingArgFor,
  providerChoices,
  SELF_HOSTED,
  snippetOptionsFor,
  THIS_HUB,
  tokenNeedFor,
  tokenVariableIn,
  validatePanel,
} from "../../lib/snippets/panel-options.js";

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

describe("panel validation", () => {
  const bad = {
    ...INITIAL_PANEL_STATE,
    temperature: "abc",
    maxTokens: "-5",
    topP: "1.5",
    billTo: "my org!!",
  };

  it("gives a message for each field a snippet cannot take", () => {
    const errors = validatePanel(bad, true);
    expect(errors.temperature).toMatch(/number from 0 to 2/);
    expect(errors.maxTokens).toMatch(/whole number above 0/);
    expect(errors.topP).toMatch(/number from 0 to 1/);
    expect(errors.billTo).toMatch(/organisation name/);
    expect(validatePanel(INITIAL_PANEL_STATE, true)).toEqual({});
    expect(
      validatePanel({ ...INITIAL_PANEL_STATE, temperature: "0.7", maxTokens: "512", billTo: "my-org" }, true),
    ).toEqual({});
  });

  it("never emits an invalid value", () => {
    expect(snippetOptionsFor(bad, true)).toEqual({});
    for (const value of ["1e3", "0x10", "Infinity", " ", "2.5", "-0.1"])
      expect(
        snippetOptionsFor({ ...INITIAL_PANEL_STATE, temperature: value }, true).temperature,
      ).toBeUndefined();
    for (const value of ["0", "1.5", "12abc", "99999999999999999999"])
      expect(
        snippetOptionsFor({ ...INITIAL_PANEL_STATE, maxTokens: value }, true).max_tokens,
      ).toBeUndefined();
    const snippets = localInferenceSnippets(
      chatModel,
      "groq",
      mappingArgFor(chatModel, "groq", mappings),
      snippetOptionsFor({ ...bad, provider: "groq" }, true),
    );
    const curl = snippets.find((s) => s.language === "sh")?.content ?? "";
    expect(curl).not.toContain("-5");
    expect(curl).not.toContain("my org");
    expect(curl).not.toContain("abc");
  });
});

describe("a model no provider serves", () => {
  const uploaded: RepoInfo = { ...chatModel, id: "alice/my-upload" };

  it("offers only the self-hosted server, never auto", () => {
    expect(providerChoices([])).toEqual([SELF_HOSTED]);
    expect(activeProvider(INITIAL_PANEL_STATE, [])).toBe(SELF_HOSTED);
    expect(activeProvider({ ...INITIAL_PANEL_STATE, provider: "auto" }, [])).toBe(SELF_HOSTED);
    expect(providerChoices(mappings)).toEqual(["auto", "groq", "together", SELF_HOSTED]);
  });

  it("aims the snippets at the endpoint URL, which the user can change", () => {
    const state = { ...INITIAL_PANEL_STATE, provider: SELF_HOSTED };
    const target = generatorTarget(uploaded, SELF_HOSTED, []);
    const run = (s: typeof state) =>
      localInferenceSnippets(uploaded, target.provider, target.mapping, snippetOptionsFor(s, true));
    const byDefault = run(state);
    expect(byDefault.map((s) => s.client)).toContain("openai");
    for (const s of byDefault) {
      expect(s.content).not.toContain("router.huggingface.co");
      expect(s.content).not.toContain("HF_TOKEN");
    }
    expect(byDefault.find((s) => s.language === "sh")?.content).toContain(
      "http://localhost:8080/v1/chat/completions",
    );
    const edited = run({ ...state, endpointUrl: "http://gpu-box:8000/v1" });
    expect(edited.find((s) => s.language === "sh")?.content).toContain(
      "http://gpu-box:8000/v1/chat/completions",
    );
    expect(validatePanel({ ...state, endpointUrl: "gpu-box" }, true).endpointUrl).toMatch(/http/);
    // A bad URL yields nothing rather than the public router's snippets.
    expect(
      panelInferenceSnippets(uploaded, [], { ...state, endpointUrl: "gpu-box" }, SELF_HOSTED, true),
    ).toEqual([]);
    expect(panelInferenceSnippets(uploaded, [], state, SELF_HOSTED, true)).toEqual(byDefault);
    expect(
      snippetOptionsFor({ ...state, endpointUrl: "javascript:alert(1)" }, true).endpointUrl,
    ).toBeUndefined();
    // Billing an organisation is a router feature.
    expect(snippetOptionsFor({ ...state, billTo: "my-org" }, true).billTo).toBeUndefined();
  });

  it("names the token each kind of snippet reads", () => {
    expect(tokenNeedFor("auto").variable).toBe("HF_TOKEN");
    expect(tokenNeedFor("auto").what).toMatch(/huggingface\.co/);
    expect(tokenNeedFor(SELF_HOSTED).variable).toBe("API_TOKEN");
    // A direct provider call reads the provider's own key, which the note names.
    const direct = 'client = OpenAI(api_key=os.environ["OPENAI_API_KEY"])';
    expect(tokenNeedFor("openai", direct)).toMatchObject({ variable: "OPENAI_API_KEY" });
    expect(tokenNeedFor("openai", direct).what).toMatch(/openai/);
    expect(tokenVariableIn('-H "Authorization: Bearer $HF_TOKEN"')).toBe("HF_TOKEN");
    expect(tokenVariableIn("apiKey: process.env.API_TOKEN")).toBe("API_TOKEN");
  });
});

describe("panel options for a model this hub serves", () => {
  const origin = "http://hub.lan:8080";
  const conversational = true;

  it("offers this hub first, each backend when several serve it, then the providers and your own server", () => {
    expect(providerChoices([], ["local"])).toEqual([THIS_HUB, SELF_HOSTED]);
    expect(providerChoices(mappings, ["local", "gpu"])).toEqual([
      THIS_HUB,
      hubBackendChoice("local"),
      hubBackendChoice("gpu"),
      "auto",
      "groq",
      "together",
      SELF_HOSTED,
    ]);
    expect(activeProvider(INITIAL_PANEL_STATE, mappings, ["local"])).toBe(THIS_HUB);
    expect(activeProvider({ ...INITIAL_PANEL_STATE, provider: "groq" }, mappings, ["local"])).toBe("groq");
    // A pick no longer offered (the backend went away) falls back to the first choice.
    expect(
      activeProvider({ ...INITIAL_PANEL_STATE, provider: hubBackendChoice("gone") }, [], ["local"]),
    ).toBe(THIS_HUB);
  });

  it("calls this hub's /v1 with the hub id (or id:backend), reading HF_TOKEN, with sampling and bill-to", () => {
    const state = { ...INITIAL_PANEL_STATE, temperature: "0.3", billTo: "my-org" };
    const options = snippetOptionsFor({ ...state, provider: THIS_HUB }, conversational);
    expect(options).toMatchObject({ temperature: 0.3, billTo: "my-org" });
    const snippets = panelInferenceSnippets(chatModel, mappings, state, THIS_HUB, conversational, origin);
    const curl = snippets.find((s) => s.language === "sh")?.content ?? "";
    expect(curl).toContain(`${origin}/v1/chat/completions`);
    expect(curl).toContain('"model": "acme/chat-7b"');
    expect(curl).toContain("$HF_TOKEN");
    expect(curl).not.toContain("API_TOKEN");
    expect(curl).not.toContain("router.huggingface.co");
    expect(snippets.map((s) => s.content).join("\n")).not.toContain("API_TOKEN");

    const one = panelInferenceSnippets(chatModel, mappings, state, hubBackendChoice("local"), true, origin);
    expect(one.find((s) => s.language === "sh")?.content).toContain('"model": "acme/chat-7b:local"');
    // The hub's own snippets are generated here: without an origin there are none, never router ones.
    expect(panelInferenceSnippets(chatModel, mappings, state, THIS_HUB, true)).toEqual([]);
  });

  it("aims text generation at the router-shaped address, as the hub's snippet endpoint does", () => {
    const textModel: RepoInfo = {
      id: "acme/base-1b",
      pipeline_tag: "text-generation",
      tags: ["text-generation"],
    };
    const curl = panelInferenceSnippets(textModel, [], INITIAL_PANEL_STATE, THIS_HUB, false, origin).find(
      (s) => s.language === "sh",
    )?.content;
    expect(curl).toContain(`${origin}/hf-inference/models/acme/base-1b/v1/completions`);
    expect(curl).toContain('"model": "acme/base-1b"');
  });

  it("says the token is a token of this hub", () => {
    expect(isHubChoice(THIS_HUB)).toBe(true);
    expect(isHubChoice(hubBackendChoice("local"))).toBe(true);
    expect(isHubChoice("groq")).toBe(false);
    const need = tokenNeedFor(THIS_HUB, "curl … $HF_TOKEN");
    expect(need.variable).toBe("HF_TOKEN");
    expect(need.what).toContain("this hub");
    expect(need.what).not.toContain("Inference Providers");
  });
});
