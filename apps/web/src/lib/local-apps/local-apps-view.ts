import {
  ggufChoices,
  isPublicHub,
  localAppsForModel,
  pickGGUFChoice,
  type LocalAppKey,
  type LocalAppSnippet,
  type LocalAppSource,
  type ModelData,
} from "@modelhub/tasks";
import type { RepoInfo } from "@modelhub/api-types";
import { formatBytes } from "../format.js";

export interface LocalAppsView {
  apps: { value: LocalAppKey; label: string }[];
  active: {
    key: LocalAppKey;
    label: string;
    docsUrl: string;
    source: LocalAppSource;
    /** One sentence on where the app gets the weights from. */
    note: string;
  };
  /** GGUF weight sets to choose from; empty when the app does not take a file. */
  quants: { value: string; label: string }[];
  /** The chosen GGUF file (first shard of a split file), when there is one. */
  file?: string;
  snippets: LocalAppSnippet[];
}

/** The hub's repo-info JSON is the record the generators read (a superset of `ModelData`). */
function asModelData(model: RepoInfo): ModelData {
  return model as unknown as ModelData;
}

/** Apps that read the GGUF file picked in the quant selector. */
const TAKES_GGUF_FILE = new Set<LocalAppKey>([
  "llama.cpp",
  "ollama",
  "lm-studio",
  "jan",
  "docker-model-runner",
  "llamafile",
]);

function sourceNote(key: LocalAppKey, source: LocalAppSource, publicHub: boolean): string {
  if (publicHub) return "Downloads the weights from huggingface.co.";
  if (source === "hub") {
    const variable = key === "llama.cpp" ? "MODEL_ENDPOINT" : "HF_ENDPOINT";
    return `Downloads from this hub: the command sets ${variable} to its address.`;
  }
  return "This app only pulls from its own registry or huggingface.co, so the first step downloads the file from this hub and the app loads the local copy.";
}

function sizeOf(model: RepoInfo, files: string[]): number | undefined {
  let total = 0;
  for (const file of files) {
    const sibling = model.siblings?.find((s) => s.rfilename === file);
    const size = sibling?.lfs?.size ?? sibling?.size;
    if (size === undefined) return undefined;
    total += size;
  }
  return total;
}

/**
 * What the "Local apps" card shows for `model`: the apps that can run it, the chosen one (the first
 * when `selectedApp` is not offered), the GGUF quants it can load and its snippets for `hubUrl`.
 * Undefined when no app can run the model.
 */
export function localAppsView(
  model: RepoInfo,
  hubUrl: string,
  selectedApp?: string,
  selectedFile?: string,
): LocalAppsView | undefined {
  const data = asModelData(model);
  const offered = localAppsForModel(data);
  const current = offered.find((a) => a.key === selectedApp) ?? offered[0];
  if (!current) return undefined;
  const takesFile = TAKES_GGUF_FILE.has(current.key);
  const choices = takesFile ? ggufChoices(data) : [];
  const file = takesFile ? pickGGUFChoice(data, selectedFile)?.file : undefined;
  const publicHub = isPublicHub(hubUrl);
  return {
    apps: offered.map(({ key, app }) => ({ value: key, label: app.prettyLabel })),
    active: {
      key: current.key,
      label: current.app.prettyLabel,
      docsUrl: current.app.docsUrl,
      source: current.app.source,
      note: sourceNote(current.key, current.app.source, publicHub),
    },
    quants: choices.map((c) => {
      const size = sizeOf(model, c.files);
      const parts = c.files.length > 1 ? ` (${c.files.length} parts)` : "";
      return {
        value: c.file,
        label: `${c.label}${size === undefined ? "" : ` · ${formatBytes(size)}`}${parts}`,
      };
    }),
    file,
    snippets: current.app.snippet(data, { hubUrl, file }),
  };
}

/** Whether the "Local apps" card has anything to show for `model`. */
export function hasLocalApps(model: RepoInfo): boolean {
  return localAppsForModel(asModelData(model)).length > 0;
}
