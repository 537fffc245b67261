import { describe, expect, it } from "vitest";
import { getInferenceSnippets } from "../src/index.js";

describe("huggingface_hub snippets aimed at an endpoint (base_url)", () => {
  it("call the task method without model=, so the client posts to the URL instead of looking the model up", () => {
    const asr = { id: "org/whisper", pipeline_tag: "automatic-speech-recognition" };
    const text = { id: "org/summarizer", pipeline_tag: "summarization" };
    const pick = (model: typeof asr) =>
      getInferenceSnippets(model, "hf-inference", undefined, {
        endpointUrl: "http://hub.local/hf-inference/models/x",
      }).find((s) => s.client === "huggingface_hub")!.content;
    expect(pick(asr)).toContain('output = client.automatic_speech_recognition("sample1.flac")\n');
    expect(pick(text)).not.toContain("model=");
    // Without an endpoint the router needs the model id.
    const routed = getInferenceSnippets(text, "hf-inference").find(
      (s) => s.client === "huggingface_hub",
    )!.content;
    expect(routed).toContain('model="org/summarizer"');
  });
});
