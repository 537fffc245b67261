import { afterEach, describe, expect, it, vi } from "vitest";
import { checkShell } from "@modelhub/testkit";
import type { ModelData } from "@modelhub/tasks";
import { getInferenceSnippets, type InferenceSnippet } from "../src/index.js";
import { providerKeyVariable } from "../src/snippets/token.js";

const chatModel: ModelData = {
  id: "meta-llama/Llama-3.1-8B-Instruct",
  pipeline_tag: "text-generation",
  tags: ["conversational"],
};
const plainModel: ModelData = { id: "openai-community/gpt2", pipeline_tag: "text-generation", tags: [] };
const pick = (snippets: InferenceSnippet[], client: string) =>
  snippets.find((s) => s.client === client)?.content ?? "";

afterEach(() => vi.restoreAllMocks());

describe("regressions of the public implementation's defects (providers.md §11)", () => {
  it("1. a chat model does not change the templates of later non-chat calls", () => {
    const before = getInferenceSnippets(plainModel, "hf-inference");
    getInferenceSnippets(chatModel, "hf-inference");
    const after = getInferenceSnippets(plainModel, "hf-inference");
    expect(after).toEqual(before);
    expect(after.some((s) => s.content.includes("chat.completions") || s.content.includes("messages"))).toBe(
      false,
    );
  });

  it('2. bodies without an `inputs` key are sent whole (no empty `"inputs": ,`)', () => {
    const completions = getInferenceSnippets(plainModel, "together");
    for (const snippet of completions)
      expect(snippet.content).not.toMatch(/"inputs": ,|inputs: ,|query\(\)|@\s*$/m);
    expect(pick(completions, "requests")).toContain(
      '"prompt": "Can you please let us know more details about your "',
    );
    expect(pick(completions, "curl")).toContain(
      '"prompt": "Can you please let us know more details about your "',
    );
    const replicate = getInferenceSnippets({ id: "a/b", pipeline_tag: "text-to-image" }, "replicate");
    expect(pick(replicate, "fetch")).toContain('input: {\n        prompt: "Astronaut riding a horse"');
  });

  it("3. direct fal-ai snippets read the fal key from the environment with the Key scheme", () => {
    const snippets = getInferenceSnippets(
      { id: "fal/whisper", pipeline_tag: "automatic-speech-recognition" },
      "fal-ai",
      undefined,
      {
        directRequest: true,
      },
    );
    expect(pick(snippets, "requests")).toContain(`"Authorization": f"Key {os.environ['FAL_AI_API_KEY']}"`);
    expect(pick(snippets, "fetch")).toContain("Authorization: `Key ${process.env.FAL_AI_API_KEY}`");
    for (const snippet of snippets) expect(snippet.content).not.toContain("token_placeholder");
  });

  it("4. zero-shot curl with bill-to has no lone continuation line and parses", () => {
    const snippets = getInferenceSnippets(
      { id: "facebook/bart-large-mnli", pipeline_tag: "zero-shot-classification" },
      "hf-inference",
      undefined,
      {
        billTo: "org",
      },
    );
    const curl = pick(snippets, "curl");
    expect(curl).toContain("-H 'X-HF-Bill-To: org'");
    expect(curl.split("\n").some((line) => line.trim() === "\\")).toBe(false);
    expect(checkShell(curl)).toBeNull();
  });

  it("5. fetch uploads audio/images as bytes with their type, JSON bodies as JSON", () => {
    const audio = pick(
      getInferenceSnippets(
        { id: "openai/whisper", pipeline_tag: "automatic-speech-recognition" },
        "hf-inference",
      ),
      "fetch",
    );
    expect(audio).toContain('"Content-Type": "audio/flac"');
    expect(audio).toContain("body: fs.readFileSync(filename)");
    expect(audio).not.toContain("body: JSON.stringify");
    const image = pick(
      getInferenceSnippets({ id: "a/b", pipeline_tag: "image-to-image" }, "hf-inference"),
      "fetch",
    );
    expect(image).toContain("body: JSON.stringify(data)");
    expect(image).toContain('"Content-Type": "application/json"');
  });

  it("6. requests: document QA encodes the image under inputs; streams strip the newline", () => {
    const doc = pick(
      getInferenceSnippets(
        { id: "impira/layoutlm", pipeline_tag: "document-question-answering" },
        "hf-inference",
      ),
      "requests",
    );
    expect(doc).toContain('"inputs": {\n        "image": image_base64,');
    expect(doc).not.toContain('payload["image"]');
    const stream = pick(
      getInferenceSnippets(chatModel, "together", undefined, { streaming: true }),
      "requests",
    );
    expect(stream).not.toContain("/n");
    expect(stream).toContain(".strip()");
  });

  it("7. fal_client uses the provider's model id and the image as a data URL", () => {
    const mapping = {
      provider: "fal-ai",
      hfModelId: "a/kontext",
      providerId: "fal-ai/flux-pro/kontext",
      status: "live",
      task: "image-to-image",
    };
    const edit = pick(
      getInferenceSnippets({ id: "a/kontext", pipeline_tag: "image-to-image" }, "fal-ai", mapping),
      "fal_client",
    );
    expect(edit).toContain('"fal-ai/flux-pro/kontext"');
    expect(edit).not.toContain("fal-ai/flux-kontext/dev");
    expect(edit).toContain('"image_url": image_data_url');
    expect(edit).toContain('"prompt": "Turn the cat into a tiger."');
    const video = pick(
      getInferenceSnippets({ id: "a/wan", pipeline_tag: "image-to-video" }, "fal-ai", {
        ...mapping,
        hfModelId: "a/wan",
        providerId: "fal-ai/wan-i2v",
        task: "image-to-video",
      }),
      "fal_client",
    );
    expect(video).toContain('"fal-ai/wan-i2v"');
    expect(video).not.toContain('"a/wan"');
  });

  it("8. provider key variables replace every dash", () => {
    expect(providerKeyVariable("featherless-ai")).toBe("FEATHERLESS_AI_API_KEY");
    expect(providerKeyVariable("my-new-provider")).toBe("MY_NEW_PROVIDER_API_KEY");
    const snippet = pick(
      getInferenceSnippets(chatModel, "featherless-ai", undefined, { directRequest: true }),
      "requests",
    );
    expect(snippet).toContain("FEATHERLESS_AI_API_KEY");
  });

  it("9. LoRA weights can come from this hub instead of huggingface.co", () => {
    const mapping = {
      provider: "fal-ai",
      hfModelId: "me/lora",
      providerId: "fal-ai/lora",
      status: "live",
      task: "text-to-image",
      adapter: "lora",
      adapterWeightsPath: "w.safetensors",
    };
    const model: ModelData = { id: "me/lora", pipeline_tag: "text-to-image" };
    const local = pick(
      getInferenceSnippets(model, "fal-ai", mapping, { hubUrl: "https://hub.example.org" }),
      "fal_client",
    );
    expect(local).toContain("https://hub.example.org/me/lora/resolve/main/w.safetensors");
    const fallback = pick(getInferenceSnippets(model, "fal-ai", mapping), "fal_client");
    expect(fallback).toContain("https://huggingface.co/me/lora/resolve/main/w.safetensors");
  });

  it("10. `auto` refuses a task no provider serves instead of pretending hf-inference does", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(
      getInferenceSnippets({ id: "google/paligemma", pipeline_tag: "image-text-to-text" }, "auto"),
    ).toEqual([]);
    expect(log).toHaveBeenCalledWith(
      expect.stringContaining("Failed to get provider helper for auto (image-text-to-text)"),
    );
    const served = getInferenceSnippets({ id: "a/b", pipeline_tag: "text-to-video" }, "auto");
    expect(served.map((s) => s.client)).toEqual(["huggingface_hub", "huggingface.js"]);
  });

  it("11. huggingface.js image-to-image and segmentation pass a Blob, which the client reads with arrayBuffer()", () => {
    for (const pipeline_tag of ["image-to-image", "image-segmentation"] as const) {
      const js = pick(getInferenceSnippets({ id: "a/b", pipeline_tag }, "hf-inference"), "huggingface.js");
      expect(js).toMatch(/const data = new Blob\(\[fs\.readFileSync\("cats?\.(png|jpg)"\)\]\);/);
    }
  });
});

describe("tasks only an endpoint serves (ModelHub's ONNX backend, a server of your own)", () => {
  const endpointUrl = "https://hub.example.org/hf-inference/models/a/b";
  it("get raw-HTTP snippets with an endpoint URL, none through the router", () => {
    for (const [pipeline_tag, clients] of [
      ["depth-estimation", ["requests", "fetch", "curl"]],
      ["image-feature-extraction", ["requests", "fetch", "curl"]],
      ["zero-shot-object-detection", ["requests", "fetch"]],
    ] as const) {
      const model: ModelData = { id: "a/b", pipeline_tag };
      expect(
        getInferenceSnippets(model, "hf-inference", undefined, { endpointUrl }).map((s) => s.client),
      ).toEqual(clients);
      vi.spyOn(console, "error").mockImplementation(() => {});
      expect(getInferenceSnippets(model, "hf-inference")).toEqual([]);
      expect(getInferenceSnippets(model, "auto")).toEqual([]);
    }
    const curl = pick(
      getInferenceSnippets({ id: "a/b", pipeline_tag: "depth-estimation" }, "hf-inference", undefined, {
        endpointUrl,
      }),
      "curl",
    );
    expect(curl).toContain("--data-binary '@cats.jpg'");
    expect(checkShell(curl)).toBeNull();
  });

  it("zero-shot image classification has every client but curl", () => {
    const snippets = getInferenceSnippets(
      { id: "a/b", pipeline_tag: "zero-shot-image-classification" },
      "hf-inference",
      undefined,
      { endpointUrl },
    );
    expect(snippets.map((s) => s.client)).toEqual(["huggingface_hub", "requests", "huggingface.js", "fetch"]);
    expect(pick(snippets, "huggingface_hub")).toContain("candidate_labels=[");
    expect(pick(snippets, "huggingface.js")).toContain("inputs: { image: data }");
  });
});

describe("logging", () => {
  it("logs and returns [] when the provider cannot serve the task", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(getInferenceSnippets({ id: "a/b", pipeline_tag: "text-to-image" }, "groq")).toEqual([]);
    expect(log).toHaveBeenCalledWith(
      expect.stringMatching(/^Failed to get provider helper for groq \(text-to-image\)/),
    );
  });

  it("logs JSON inputs that do not parse and uses them as they are", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const model: ModelData = { id: "a/b", pipeline_tag: "sentence-similarity" };
    const snippets = getInferenceSnippets(model, "hf-inference", undefined, {
      inputs: '{"source_sentence": oops',
    });
    expect(log).toHaveBeenCalledWith(expect.stringContaining("Failed to parse"));
    expect(pick(snippets, "requests")).toContain('"inputs": "{\\"source_sentence\\": oops"');
  });
});
