import { shString } from "../code/literals.js";
import { raw, shell, type RawCode } from "../code/templates.js";

/** The public Hugging Face Hub: apps need no endpoint override to reach it. */
export function isPublicHub(hubUrl: string): boolean {
  return /^https:\/\/(www\.)?(huggingface\.co|hf\.co)\/*$/i.test(hubUrl);
}

function trimSlashes(url: string): string {
  return url.replace(/\/+$/, "");
}

/**
 * `NAME='url' ` to put in front of a command so the app downloads from this hub, or nothing on the
 * public hub. Ends with a space when not empty.
 */
export function endpointPrefix(variable: "HF_ENDPOINT" | "MODEL_ENDPOINT", hubUrl: string): RawCode {
  return raw(isPublicHub(hubUrl) ? "" : `${variable}=${shString(trimSlashes(hubUrl))} `);
}

/** The hub's download address of a file on `main`, each path segment percent-encoded. */
export function resolveUrl(hubUrl: string, id: string, path: string): string {
  const encode = (text: string) => text.split("/").map(encodeURIComponent).join("/");
  return `${trimSlashes(hubUrl)}/${encode(id)}/resolve/main/${encode(path)}`;
}

/**
 * A local file name for a downloaded repo file: its base name with anything but letters, digits,
 * `.`, `_` and `-` replaced, never starting with `-` or `.`. Safe as a bare word, but it is still
 * quoted wherever it is used.
 */
export function localFileName(path: string): string {
  const base = path.slice(path.lastIndexOf("/") + 1).replace(/[^A-Za-z0-9._-]/g, "_");
  return /^[A-Za-z0-9_]/.test(base) ? base : `model${base}`;
}

/**
 * A name for registries that want lower-case references (Ollama, Docker): the repo name lower-cased,
 * other characters turned into `-`, with the quant as tag.
 */
export function localModelReference(id: string, quant: string | undefined): string {
  const name =
    id
      .slice(id.lastIndexOf("/") + 1)
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, "-")
      .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, "")
      .slice(0, 80) || "model";
  const tag = (quant ?? "latest").toLowerCase().replace(/[^a-z0-9._-]+/g, "-");
  return `${name}:${tag}`;
}

/**
 * curl commands that fetch `files` of `id` from the hub into the current folder. The token header is
 * only sent when HF_TOKEN is set (private and gated repos need it).
 */
export function downloadCommands(hubUrl: string, id: string, files: readonly string[]): string {
  const lines = files.map(
    (file) =>
      shell`curl -fL ${raw('${HF_TOKEN:+-H "Authorization: Bearer $HF_TOKEN"}')} -o ${localFileName(file)} ${resolveUrl(hubUrl, id, file)}`,
  );
  return [
    `# Download from ${isPublicHub(hubUrl) ? "huggingface.co" : "this hub"} (private repos: export HF_TOKEN first)`,
    ...lines,
  ].join("\n");
}
