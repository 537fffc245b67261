import { python, shell } from "../code/index.js";
import type { ModelData } from "../model/model-data.js";
import { isOtherHub } from "./snippets/helpers.js";
import { detectSnippetLanguage } from "./snippets/language.js";
import type { SnippetGenerator, SnippetLanguage } from "./snippets/types.js";

/** A generated code block together with the language it is written in. */
export interface LibrarySnippet {
  language: SnippetLanguage;
  content: string;
}

// Commands that pick their download endpoint from the environment (huggingface_hub's HF_ENDPOINT).
const READS_HF_ENDPOINT =
  /(^|[\s;&|(])(hf|huggingface-cli|mlx_lm\.[a-z_]+|mlagents-load-from-hf|python3? -m [A-Za-z_.]+)(\s|$)/m;

/** Whether a shell snippet already chooses an endpoint itself (llama.cpp's MODEL_ENDPOINT prefix). */
function setsEndpoint(snippet: string): boolean {
  return /(^|\s)(MODEL_ENDPOINT|HF_ENDPOINT)=/.test(snippet);
}

/**
 * Points one snippet at `hubUrl`: Python sets HF_ENDPOINT before anything is imported (huggingface_hub
 * reads it once, on import); shell exports it before the first command that downloads through
 * huggingface_hub. JavaScript generators handle the hub themselves (Transformers.js `env.remoteHost`).
 */
export function pointSnippetAtHub(snippet: string, hubUrl: string): string {
  const language = detectSnippetLanguage(snippet);
  if (language === "python") {
    if (!/^(from \S+ import |import \S+)/m.test(snippet)) return snippet;
    return `${python`import os
os.environ["HF_ENDPOINT"] = ${hubUrl}
`}\n${snippet}`;
  }
  if (language === "sh" && READS_HF_ENDPOINT.test(snippet) && !setsEndpoint(snippet)) {
    return `${shell`export HF_ENDPOINT=${hubUrl}`}\n${snippet}`;
  }
  return snippet;
}

/**
 * The snippets of `generator` for a model page on the hub at `hubUrl` (huggingface.co when absent):
 * the generator writes hub-aware download commands itself where it can, and every snippet that
 * downloads through huggingface_hub gets HF_ENDPOINT set to the hub.
 */
export function snippetsForHub(
  generator: SnippetGenerator,
  model: ModelData,
  hubUrl?: string,
): LibrarySnippet[] {
  const otherHub = isOtherHub(hubUrl);
  return generator(model, otherHub ? { hubUrl } : {}).map((code) => {
    const content = otherHub ? pointSnippetAtHub(code, hubUrl) : code;
    return { language: detectSnippetLanguage(content), content };
  });
}
