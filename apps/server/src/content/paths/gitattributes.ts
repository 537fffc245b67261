/** Minimal .gitattributes / .gitignore pattern matching (enough for LFS routing and ignore rules). */

function globToRegExp(glob: string): RegExp {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i];
    if (ch === "*") {
      if (glob[i + 1] === "*") {
        const slashAfter = glob[i + 2] === "/";
        out += slashAfter ? "(?:.*/)?" : ".*";
        i += slashAfter ? 2 : 1;
      } else out += "[^/]*";
    } else if (ch === "?") out += "[^/]";
    else if (glob.startsWith("[[:space:]]", i)) {
      out += "\\s";
      i += "[[:space:]]".length - 1;
    } else if (ch === "[") {
      const close = glob.indexOf("]", i + 1);
      if (close === -1) out += "\\[";
      else {
        const body = glob
          .slice(i + 1, close)
          .replace(/^!/, "^")
          .replace(/\\/g, "\\\\");
        out += `[${body}]`;
        i = close;
      }
    } else if (ch === "\\" && i + 1 < glob.length) {
      out += glob[i + 1].replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
      i++;
    } else out += ch.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  }
  return new RegExp(`^${out}$`);
}

export interface PathPattern {
  matches(path: string): boolean;
}

export function compilePattern(pattern: string): PathPattern {
  const anchored = pattern.startsWith("/");
  const body = anchored ? pattern.slice(1) : pattern;
  const dirOnly = body.endsWith("/");
  const glob = dirOnly ? body.slice(0, -1) : body;
  const regex = globToRegExp(glob);
  const hasSlash = glob.includes("/");
  return {
    matches(path: string): boolean {
      if (!hasSlash && !anchored) {
        const parts = path.split("/");
        // A bare name matches any path component (a directory match covers everything below it).
        return parts.some((part, index) => regex.test(part) && (!dirOnly || index < parts.length - 1));
      }
      if (regex.test(path)) return !dirOnly;
      const parts = path.split("/");
      for (let n = 1; n < parts.length; n++) if (regex.test(parts.slice(0, n).join("/"))) return true;
      return false;
    },
  };
}

interface AttributeRule {
  pattern: PathPattern;
  lfs: boolean | undefined;
}

/** Parses .gitattributes and answers whether a path is routed through the LFS filter. */
export class GitAttributes {
  private readonly rules: AttributeRule[] = [];

  constructor(readonly text: string) {
    for (const line of text.split(/\r?\n/)) {
      const trimmed = line.trim();
      if (trimmed === "" || trimmed.startsWith("#")) continue;
      const [pattern, ...attrs] = trimmed.split(/\s+/);
      let lfs: boolean | undefined;
      for (const attr of attrs) {
        if (attr === "filter=lfs") lfs = true;
        else if (
          attr === "-filter" ||
          attr === "!filter" ||
          (attr.startsWith("filter=") && attr !== "filter=lfs")
        )
          lfs = false;
      }
      if (lfs !== undefined) this.rules.push({ pattern: compilePattern(pattern), lfs });
    }
  }

  isLfs(path: string): boolean {
    let result = false;
    for (const rule of this.rules) if (rule.pattern.matches(path)) result = rule.lfs ?? result;
    return result;
  }

  /** The text with a rule appended that routes `path` through LFS. */
  withLfsPath(path: string): string {
    const escaped = path.replace(/[\\*?[\]!#]/g, "\\$&").replace(/ /g, "[[:space:]]");
    const prefix = this.text === "" || this.text.endsWith("\n") ? this.text : `${this.text}\n`;
    return `${prefix}${escaped} filter=lfs diff=lfs merge=lfs -text\n`;
  }
}

/** .gitignore semantics: last matching pattern wins, `!` re-includes. */
export function isIgnored(gitignore: string, path: string): boolean {
  let ignored = false;
  for (const line of gitignore.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    const negate = trimmed.startsWith("!");
    if (compilePattern(negate ? trimmed.slice(1) : trimmed).matches(path)) ignored = !negate;
  }
  return ignored;
}

export const DEFAULT_GITATTRIBUTES = [
  "*.7z",
  "*.arrow",
  "*.bin",
  "*.bz2",
  "*.ckpt",
  "*.ftz",
  "*.gguf",
  "*.gz",
  "*.h5",
  "*.joblib",
  "*.keras",
  "*.lfs.*",
  "*.mlmodel",
  "*.model",
  "*.msgpack",
  "*.npy",
  "*.npz",
  "*.onnx",
  "*.ot",
  "*.parquet",
  "*.pb",
  "*.pickle",
  "*.pkl",
  "*.pt",
  "*.pth",
  "*.rar",
  "*.safetensors",
  "saved_model/**/*",
  "*.tar.*",
  "*.tar",
  "*.tflite",
  "*.tgz",
  "*.wasm",
  "*.xz",
  "*.zip",
  "*.zst",
  "*tfevents*",
  "*.png",
  "*.jpg",
  "*.jpeg",
  "*.gif",
  "*.webp",
  "*.wav",
  "*.mp3",
  "*.flac",
  "*.ogg",
  "*.mp4",
]
  .map((pattern) => `${pattern} filter=lfs diff=lfs merge=lfs -text`)
  .join("\n")
  .concat("\n");
