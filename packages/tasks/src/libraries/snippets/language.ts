import type { SnippetLanguage } from "./types.js";

/**
 * Commands that start a shell snippet. Generators return plain strings (the public contract), so
 * the language is read from the code itself: a snippet is shell when its first command line starts
 * with one of these, JavaScript when it opens with a `//` comment or an ES import/const, and Python
 * otherwise. The snippet tests parse every snippet in the language found here, so a wrong guess fails.
 */
const SHELL_COMMANDS = [
  "pip",
  "pip3",
  "uv",
  "uvx",
  "pipx",
  "conda",
  "npm",
  "npx",
  "pnpm",
  "yarn",
  "bun",
  "curl",
  "wget",
  "git",
  "git-lfs",
  "brew",
  "docker",
  "apt",
  "apt-get",
  "cd",
  "export",
  "mkdir",
  "hf",
  "huggingface-cli",
  "llama-cli",
  "llama-server",
  "ollama",
  "mlx_lm.generate",
  "mlx_lm.chat",
  "mlx_lm.server",
  "mlx_vlm.generate",
  "mlx_vlm.chat",
  "mlagents-load-from-hf",
  "mlagents-learn",
  "whisperkit-cli",
  "python",
  "python3",
  "diffusionkit-cli",
  "cargo",
  "swift",
  "make",
  "cmake",
  "bash",
  "sh",
  "chmod",
  "espnet_model_zoo_download",
  "nemo",
  "vllm",
  "lms",
  "sherpa-onnx",
  "deepforest",
  "htrflow",
  "fairseq-interactive",
  "lerobot-train",
  "lerobot-record",
  "lerobot-eval",
  "openasr",
  "opendde",
  "flexify",
  "mfa",
];
const SHELL_START = new RegExp(
  `^(?:${SHELL_COMMANDS.map((c) => c.replace(/[.\\-]/g, "\\$&")).join("|")})(?:\\s|$)`,
);
/** A hyphenated command followed by flags or a line continuation, e.g. `some-tool --flag` or `some-tool \`. */
const HYPHENATED_COMMAND = /^[a-z][a-z0-9_.]*(?:-[a-z0-9_.]+)+(?:\s+(?:--?[A-Za-z]|\\$)|\s*\\$)/;
const PYTHON_SCRIPT = /^python3?\s+(?:-m\s+\S+|\S+\.py)(?:\s|$)/;
const JS_START =
  /^(?:\/\/|\/\*|import\s*\{|import\s+\w+\s+from\s+["']|import\s+\*\s+as\s|import\s+["']|const\s|let\s|await\s|export\s)/;

/** `NAME=value ` assignments in front of a command (`MODEL_ENDPOINT='…' llama-server …`). */
const ENV_PREFIX = /^(?:[A-Za-z_][A-Za-z0-9_]*=(?:'[^']*'|"[^"]*"|[^\s'"]*)\s+)+/;
/** `export NAME=…`: shell, though an ES `export` starts the same way. */
const SHELL_EXPORT = /^export\s+[A-Za-z_][A-Za-z0-9_]*=/;

function firstCodeLine(code: string): string {
  const lines = code.split("\n").map((line) => line.trim());
  return lines.find((line) => line !== "" && !line.startsWith("#")) ?? "";
}

/** The language a snippet string is written in: `python` unless it reads as shell or JavaScript. */
export function detectSnippetLanguage(code: string): SnippetLanguage {
  const head = code.trimStart();
  if (SHELL_EXPORT.test(head)) return "sh";
  if (JS_START.test(head)) return "js";
  const line = firstCodeLine(code).replace(ENV_PREFIX, "");
  if (line.startsWith("python") && !PYTHON_SCRIPT.test(line)) return "python";
  if (SHELL_START.test(line) || HYPHENATED_COMMAND.test(line)) return "sh";
  return "python";
}
