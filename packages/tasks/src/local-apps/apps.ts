import { shString } from "../code/literals.js";
import { raw, shell } from "../code/templates.js";
import type { ModelData } from "../model/model-data.js";
import { ggufChoices, isGGUFModel, pickGGUFChoice, type GGUFChoice } from "./gguf-choices.js";
import { downloadCommands, endpointPrefix, localFileName, localModelReference } from "./shell-parts.js";
import type { LocalApp, LocalAppOptions, LocalAppSnippet } from "./types.js";

const CHAT_TASKS = new Set(["text-generation", "image-text-to-text"]);

/** MLX weights (mlx-community style repos). */
export function isMLXModel(model: ModelData): boolean {
  return model.library_name === "mlx" || (model.tags ?? []).includes("mlx");
}

/** A transformers checkpoint of a text or vision-language generator: what vLLM and SGLang serve. */
export function isTransformersLLM(model: ModelData): boolean {
  const transformers = model.library_name === "transformers" || (model.tags ?? []).includes("transformers");
  return (
    transformers &&
    model.library_name !== "gguf" &&
    !isMLXModel(model) &&
    CHAT_TASKS.has(model.pipeline_tag ?? "")
  );
}

function hasGGUFFiles(model: ModelData): boolean {
  return ggufChoices(model).length > 0;
}

/** The chosen weight set; the apps that need one are only shown when the repo has one. */
function chosen(model: ModelData, options: LocalAppOptions): GGUFChoice {
  const choice = pickGGUFChoice(model, options.file);
  if (!choice) throw new Error(`${model.id} has no GGUF file to run`);
  return choice;
}

/** llama.cpp's `-hf` argument(s): `repo:QUANT` when the file name carries the tag, else repo + file. */
export function llamaCppSource(model: ModelData, options: Pick<LocalAppOptions, "file">): string {
  const choice = pickGGUFChoice(model, options.file);
  if (!choice) return shell`-hf ${model.id}`;
  const base = choice.file.slice(choice.file.lastIndexOf("/") + 1);
  const unique = ggufChoices(model).filter((c) => c.quant === choice.quant).length === 1;
  if (choice.quant !== undefined && unique && base.includes(choice.quant))
    return shell`-hf ${`${model.id}:${choice.quant}`}`;
  return shell`-hf ${model.id} --hf-file ${choice.file}`;
}

const llamaCpp: LocalApp = {
  prettyLabel: "llama.cpp",
  docsUrl: "https://github.com/ggml-org/llama.cpp",
  mainTask: "text-generation",
  source: "hub",
  displayOnModelPage: isGGUFModel,
  snippet: (model, options) => {
    // llama.cpp reads MODEL_ENDPOINT (HF_ENDPOINT in older releases) for its -hf downloads.
    const env = endpointPrefix("MODEL_ENDPOINT", options.hubUrl);
    const source = raw(llamaCppSource(model, options));
    const setup =
      "# Install llama.cpp (macOS and Linux), or use a release build from GitHub\nbrew install llama.cpp";
    return [
      {
        title: "Start a local server (OpenAI-compatible API and web UI on port 8080)",
        setup,
        content: shell`${env}llama-server ${source}`,
      },
      { title: "Or chat in the terminal", content: shell`${env}llama-cli ${source}` },
    ];
  },
};

/** The local path of the chosen file, double-quoted around `$PWD` and single-quoted for the name. */
function localPath(choice: GGUFChoice): ReturnType<typeof raw> {
  return raw(`"$PWD"/${shString(localFileName(choice.file))}`);
}

/** What a download-first app does once the GGUF file is in the current folder. */
interface FileStep {
  title: string;
  /** Setup lines after the download (tools to fetch, permissions). */
  moreSetup?: string[];
  commands: (choice: GGUFChoice, model: ModelData) => string[];
}

/**
 * An app that cannot pull from this hub itself: its snippet downloads the chosen GGUF file (all its
 * shards) from this hub's `resolve` URLs, then runs the app's own commands on the local file.
 */
function ggufFileApp(prettyLabel: string, docsUrl: string, step: FileStep): LocalApp {
  return {
    prettyLabel,
    docsUrl,
    mainTask: "text-generation",
    source: "file",
    displayOnModelPage: hasGGUFFiles,
    snippet: (model, options) => [downloadThen(model, options, step)],
  };
}

function downloadThen(model: ModelData, options: LocalAppOptions, step: FileStep): LocalAppSnippet {
  const choice = chosen(model, options);
  return {
    title: step.title,
    setup: [downloadCommands(options.hubUrl, model.id, choice.files), ...(step.moreSetup ?? [])].join("\n"),
    content: step.commands(choice, model).join("\n"),
  };
}

const ollama = ggufFileApp("Ollama", "https://ollama.com", {
  title: "Import the GGUF file into Ollama and chat",
  commands: (choice, model) => {
    const reference = localModelReference(model.id, choice.quant);
    const first = localFileName(choice.file);
    // A split file is imported through a pattern that matches all of its shards.
    const from = choice.files.length > 1 ? first.replace(/-00001-of-/i, "-*-of-") : first;
    return [
      shell`echo ${`FROM ./${from}`} > Modelfile`,
      shell`ollama create ${reference} -f Modelfile`,
      shell`ollama run ${reference}`,
    ];
  },
});

function lmStudioSnippets(model: ModelData, options: LocalAppOptions): LocalAppSnippet[] {
  if (!isGGUFModel(model) || !hasGGUFFiles(model)) {
    // MLX: LM Studio picks up models placed under ~/.lmstudio/models/<publisher>/<model>/.
    return [
      {
        title: "Download into LM Studio's models folder, then load it in LM Studio",
        setup: "pip install -U huggingface_hub",
        content: shell`${endpointPrefix("HF_ENDPOINT", options.hubUrl)}hf download ${model.id} --local-dir "$HOME/.lmstudio/models/"${model.id}`,
      },
    ];
  }
  return [
    downloadThen(model, options, {
      title: "Import the GGUF file with LM Studio's CLI, then load it in LM Studio",
      commands: (choice) => [shell`lms import -y ${localFileName(choice.file)}`],
    }),
  ];
}

const lmStudio: LocalApp = {
  prettyLabel: "LM Studio",
  docsUrl: "https://lmstudio.ai",
  mainTask: "text-generation",
  source: "file",
  displayOnModelPage: (model) =>
    hasGGUFFiles(model) || (isMLXModel(model) && CHAT_TASKS.has(model.pipeline_tag ?? "")),
  snippet: lmStudioSnippets,
};

const jan = ggufFileApp("Jan", "https://jan.ai", {
  title: "Download the GGUF file, then import it in Jan",
  commands: (choice) => [
    shell`# In Jan, import a local model (llama.cpp provider) and choose this file:
echo ${localPath(choice)}`,
  ],
});

const dockerModelRunner = ggufFileApp("Docker Model Runner", "https://docs.docker.com/ai/model-runner/", {
  title: "Package the GGUF file as a local model and run it",
  commands: (choice, model) => {
    const reference = `modelhub/${localModelReference(model.id, choice.quant)}`;
    return [
      shell`docker model package --gguf ${localPath(choice)} ${reference}`,
      shell`docker model run ${reference}`,
    ];
  },
});

const llamafile = ggufFileApp("llamafile", "https://github.com/mozilla-ai/llamafile", {
  title: "Run the GGUF file with the llamafile executable",
  moreSetup: [
    "# Get the llamafile executable from https://github.com/mozilla-ai/llamafile/releases, saved as ./llamafile",
    "chmod +x ./llamafile",
  ],
  commands: (choice) => [shell`./llamafile -m ${localFileName(choice.file)}`],
});

/** A request to an OpenAI-compatible server on localhost for `model`. */
function chatRequest(model: ModelData, port: number): string {
  const body = { model: model.id, messages: [{ role: "user", content: "Hello! Who are you?" }] };
  return shell`curl http://localhost:${port}/v1/chat/completions -H 'Content-Type: application/json' -d ${body}`;
}

const vllm: LocalApp = {
  prettyLabel: "vLLM",
  docsUrl: "https://docs.vllm.ai",
  mainTask: "text-generation",
  source: "hub",
  displayOnModelPage: isTransformersLLM,
  snippet: (model, options) => [
    {
      title: "Serve the model with an OpenAI-compatible API on port 8000",
      setup: "pip install -U vllm",
      content: shell`${endpointPrefix("HF_ENDPOINT", options.hubUrl)}vllm serve ${model.id}`,
    },
    { title: "Call the server", content: chatRequest(model, 8000) },
  ],
};

const sglang: LocalApp = {
  prettyLabel: "SGLang",
  docsUrl: "https://github.com/sgl-project/sglang",
  mainTask: "text-generation",
  source: "hub",
  displayOnModelPage: isTransformersLLM,
  snippet: (model, options) => [
    {
      title: "Serve the model with an OpenAI-compatible API on port 30000",
      setup: "pip install -U sglang",
      content: shell`${endpointPrefix("HF_ENDPOINT", options.hubUrl)}python3 -m sglang.launch_server --model-path ${model.id} --host 127.0.0.1 --port 30000`,
    },
    { title: "Call the server", content: chatRequest(model, 30000) },
  ],
};

const mlxLm: LocalApp = {
  prettyLabel: "MLX LM",
  docsUrl: "https://github.com/ml-explore/mlx-lm",
  mainTask: "text-generation",
  source: "hub",
  displayOnModelPage: (model) => isMLXModel(model) && model.pipeline_tag === "text-generation",
  snippet: (model, options) => {
    const env = endpointPrefix("HF_ENDPOINT", options.hubUrl);
    const setup = "# Apple silicon\npip install -U mlx-lm";
    return [
      {
        title: "Generate text",
        setup,
        content: shell`${env}mlx_lm.generate --model ${model.id} --prompt 'Hello! Who are you?'`,
      },
      { title: "Or chat in the terminal", content: shell`${env}mlx_lm.chat --model ${model.id}` },
    ];
  },
};

/** Local apps by key, in the order a model page lists them. */
export const LOCAL_APPS = {
  "llama.cpp": llamaCpp,
  ollama,
  "lm-studio": lmStudio,
  jan,
  "docker-model-runner": dockerModelRunner,
  llamafile,
  vllm,
  sglang,
  "mlx-lm": mlxLm,
} satisfies Record<string, LocalApp>;

export type LocalAppKey = keyof typeof LOCAL_APPS;

/** The apps that can run `model`, in display order. */
export function localAppsForModel(model: ModelData): { key: LocalAppKey; app: LocalApp }[] {
  return (Object.entries(LOCAL_APPS) as [LocalAppKey, LocalApp][])
    .filter(([, app]) => app.displayOnModelPage(model))
    .map(([key, app]) => ({ key, app }));
}
