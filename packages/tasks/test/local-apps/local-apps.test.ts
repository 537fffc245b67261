import { describe, expect, it } from "vitest";
import { LOCAL_APPS, ggufChoices, localAppsForModel, type ModelData } from "../../src/index.js";
import { LOCAL_HUB, PUBLIC_HUB, buildLocalAppFixtures } from "./fixtures.js";

const fixtures = buildLocalAppFixtures();
const honest = (name: string): ModelData => {
  const fixture = fixtures.find((f) => f.name === `honest ${name}`);
  if (!fixture) throw new Error(`no fixture ${name}`);
  return fixture.model;
};
const appsFor = (model: ModelData) => localAppsForModel(model).map((a) => a.key);

const GGUF_APPS = ["llama.cpp", "ollama", "lm-studio", "jan", "docker-model-runner", "llamafile"];

describe("which local apps a model page offers", () => {
  it("offers the llama.cpp family for GGUF repos", () => {
    expect(appsFor(honest("gguf quants"))).toEqual(GGUF_APPS);
    expect(appsFor(honest("gguf split"))).toEqual(GGUF_APPS);
    expect(appsFor(honest("gguf unlabelled"))).toEqual(GGUF_APPS);
  });

  it("offers only llama.cpp when a GGUF repo lists no file to download", () => {
    expect(appsFor(honest("gguf tag only"))).toEqual(["llama.cpp"]);
  });

  it("offers MLX LM and LM Studio for MLX text generators, LM Studio alone for MLX vision models", () => {
    expect(appsFor(honest("mlx"))).toEqual(["lm-studio", "mlx-lm"]);
    expect(appsFor(honest("mlx vision"))).toEqual(["lm-studio"]);
  });

  it("offers vLLM and SGLang for transformers text and vision-language generators", () => {
    expect(appsFor(honest("transformers chat"))).toEqual(["vllm", "sglang"]);
    expect(appsFor(honest("transformers vision chat"))).toEqual(["vllm", "sglang"]);
  });

  it("offers nothing for models no local app runs", () => {
    expect(appsFor(honest("transformers classifier"))).toEqual([]);
    expect(appsFor(honest("diffusers"))).toEqual([]);
    expect(appsFor({ id: "a/b" })).toEqual([]);
  });

  it("describes every app", () => {
    for (const app of Object.values(LOCAL_APPS)) {
      expect(app.prettyLabel).not.toBe("");
      expect(app.docsUrl).toMatch(/^https:\/\//);
      expect(app.mainTask).toBe("text-generation");
      expect(["hub", "file"]).toContain(app.source);
    }
  });
});

describe("where the snippets download from", () => {
  const gguf = honest("gguf quants");

  it("points llama.cpp at this hub through MODEL_ENDPOINT and names the chosen quant", () => {
    const [server, cli] = LOCAL_APPS["llama.cpp"].snippet(gguf, { hubUrl: `${LOCAL_HUB}/` });
    expect(server.content).toBe(`MODEL_ENDPOINT='${LOCAL_HUB}' llama-server -hf 'acme/demo-model:Q4_K_M'`);
    expect(cli.content).toBe(`MODEL_ENDPOINT='${LOCAL_HUB}' llama-cli -hf 'acme/demo-model:Q4_K_M'`);
    const q8 = LOCAL_APPS["llama.cpp"].snippet(gguf, { hubUrl: LOCAL_HUB, file: "plain-Q8_0.gguf" });
    expect(q8[0].content).toContain("-hf 'acme/demo-model:Q8_0'");
  });

  it("names the file for llama.cpp when the quant tag cannot select it", () => {
    const unlabelled = LOCAL_APPS["llama.cpp"].snippet(honest("gguf unlabelled"), { hubUrl: LOCAL_HUB });
    expect(unlabelled[0].content).toBe(
      `MODEL_ENDPOINT='${LOCAL_HUB}' llama-server -hf 'acme/demo-model' --hf-file 'weights plain.gguf'`,
    );
    const bare = LOCAL_APPS["llama.cpp"].snippet(honest("gguf tag only"), { hubUrl: LOCAL_HUB });
    expect(bare[0].content).toBe(`MODEL_ENDPOINT='${LOCAL_HUB}' llama-server -hf 'acme/demo-model'`);
  });

  it("points vLLM, SGLang and MLX LM at this hub through HF_ENDPOINT", () => {
    const chat = honest("transformers chat");
    expect(LOCAL_APPS.vllm.snippet(chat, { hubUrl: LOCAL_HUB })[0].content).toBe(
      `HF_ENDPOINT='${LOCAL_HUB}' vllm serve 'acme/demo-model'`,
    );
    expect(LOCAL_APPS.sglang.snippet(chat, { hubUrl: LOCAL_HUB })[0].content).toContain(
      `HF_ENDPOINT='${LOCAL_HUB}' python3 -m sglang.launch_server --model-path 'acme/demo-model'`,
    );
    for (const s of LOCAL_APPS["mlx-lm"].snippet(honest("mlx"), { hubUrl: LOCAL_HUB }))
      expect(s.content).toMatch(
        new RegExp(`^HF_ENDPOINT='${LOCAL_HUB}' mlx_lm\\.\\w+ --model 'acme/demo-model'`),
      );
    expect(LOCAL_APPS["lm-studio"].snippet(honest("mlx"), { hubUrl: LOCAL_HUB })[0].content).toBe(
      `HF_ENDPOINT='${LOCAL_HUB}' hf download 'acme/demo-model' --local-dir "$HOME/.lmstudio/models/"'acme/demo-model'`,
    );
  });

  it("downloads the chosen GGUF file from this hub for apps that cannot use it directly", () => {
    const url = `${LOCAL_HUB}/acme/demo-model/resolve/main/sub%20dir/plain-Q4_K_M.gguf`;
    for (const key of ["ollama", "lm-studio", "jan", "docker-model-runner", "llamafile"] as const) {
      const [snippet] = LOCAL_APPS[key].snippet(gguf, { hubUrl: LOCAL_HUB });
      expect(LOCAL_APPS[key].source).toBe("file");
      expect(snippet.setup).toContain(`-o 'plain-Q4_K_M.gguf' '${url}'`);
      const all = `${snippet.setup}\n${snippet.content}`;
      expect(all).not.toMatch(/hf\.co|huggingface\.co/);
      expect(snippet.content).toContain("plain-Q4_K_M.gguf");
    }
    const [ollama] = LOCAL_APPS.ollama.snippet(gguf, { hubUrl: LOCAL_HUB, file: "plain-Q8_0.gguf" });
    expect(ollama.content).toBe(
      [
        "echo 'FROM ./plain-Q8_0.gguf' > Modelfile",
        "ollama create 'demo-model:q8_0' -f Modelfile",
        "ollama run 'demo-model:q8_0'",
      ].join("\n"),
    );
  });

  it("downloads every shard of a split file and loads the first one", () => {
    const split = honest("gguf split");
    const choice = ggufChoices(split).find((c) => c.quant === "Q6_K");
    expect(choice?.files).toHaveLength(2);
    const [ollama] = LOCAL_APPS.ollama.snippet(split, { hubUrl: LOCAL_HUB, file: choice?.file });
    expect(ollama.setup?.match(/^curl /gm)).toHaveLength(2);
    expect(ollama.content).toContain("echo 'FROM ./Big-plain-Q6_K-*-of-00002.gguf' > Modelfile");
    const [llamafile] = LOCAL_APPS.llamafile.snippet(split, { hubUrl: LOCAL_HUB, file: choice?.file });
    expect(llamafile.content).toBe("./llamafile -m 'Big-plain-Q6_K-00001-of-00002.gguf'");
  });

  it("sets no endpoint when the hub is huggingface.co itself", () => {
    for (const fixture of fixtures.filter((f) => !f.hostile)) {
      for (const { app } of localAppsForModel(fixture.model)) {
        for (const s of app.snippet(fixture.model, { hubUrl: PUBLIC_HUB })) {
          expect(`${s.setup ?? ""}\n${s.content}`).not.toMatch(/(HF|MODEL)_ENDPOINT/);
        }
      }
    }
  });
});
