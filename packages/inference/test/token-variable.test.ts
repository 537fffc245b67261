import { afterEach, describe, expect, it, vi } from "vitest";
import { checkJavaScript, checkPython, checkShell } from "@modelhub/testkit";
import type { ModelData } from "@modelhub/tasks";
import { getInferenceSnippets } from "../src/index.js";

afterEach(() => vi.restoreAllMocks());

const chatModel: ModelData = { id: "acme/chatty", pipeline_tag: "text-generation", tags: ["conversational"] };
const hub = "http://hub.lan:8080/v1";

describe("tokenVariable: snippets aimed at a hub's own gateway read the hub token", () => {
  it("reads HF_TOKEN in every client when asked, with the endpoint URL", () => {
    for (const streaming of [false, true]) {
      const snippets = getInferenceSnippets(chatModel, "hf-inference", undefined, {
        endpointUrl: hub,
        tokenVariable: "HF_TOKEN",
        streaming,
      });
      const clients = snippets.map((s) => `${s.language}/${s.client}`);
      for (const client of [
        "python/openai",
        "python/huggingface_hub",
        "python/requests",
        "js/openai",
        "sh/curl",
      ])
        expect(clients).toContain(client);
      for (const snippet of snippets) {
        expect(snippet.content).toContain("HF_TOKEN");
        expect(snippet.content).not.toContain("API_TOKEN");
        expect(snippet.content).toContain("http://hub.lan:8080/v1");
      }
    }
  });

  it("ignores names that are not environment variables, and never writes them into the code", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const hostile of ["", "HF TOKEN", "X;rm -rf ~", "$(id)", "A}`${x}`", "9LIVES", "a".repeat(65)]) {
      const snippets = getInferenceSnippets(chatModel, "hf-inference", undefined, {
        endpointUrl: hub,
        tokenVariable: hostile,
      });
      expect(snippets.length).toBeGreaterThan(0);
      for (const snippet of snippets) {
        expect(snippet.content).toContain("API_TOKEN");
        if (hostile.length > 1) expect(snippet.content).not.toContain(hostile);
        if (snippet.language === "python") await checkPython(snippet.content);
        if (snippet.language === "js") await checkJavaScript(snippet.content);
        if (snippet.language === "sh") await checkShell(snippet.content);
      }
    }
    expect(logged).toHaveBeenCalled();
  });
});
