/**
 * Minimal .gitattributes / .gitignore pattern matching (enough for LFS routing and ignore rules). Patterns
 * are git wildmatch globs matched in linear time (`GlobPattern`, dialect "git"): both files are repo content.
 */
import { GlobPattern } from "../../patterns/glob-pattern.js";

export interface PathPattern {
  matches(path: string): boolean;
}

export function compilePattern(pattern: string): PathPattern {
  const anchored = pattern.startsWith("/");
  const body = anchored ? pattern.slice(1) : pattern;
  const dirOnly = body.endsWith("/");
  const glob = dirOnly ? body.slice(0, -1) : body;
  const compiled = GlobPattern.compile(glob, { dialect: "git" });
  const hasSlash = glob.includes("/");
  return {
    matches(path: string): boolean {
      if (!hasSlash && !anchored) {
        const parts = path.split("/");
        // A bare name matches any path component (a directory match covers everything below it).
        return parts.some((part, index) => compiled.matches(part) && (!dirOnly || index < parts.length - 1));
      }
      if (compiled.matches(path)) return !dirOnly;
      const parts = path.split("/");
      for (let n = 1; n < parts.length; n++) if (compiled.matches(parts.slice(0, n).join("/"))) return true;
      return false;
    },
  };
}

interface AttributeRule {
  pattern: PathPattern;
  lfs: boolean;
  /** Position in the file: the last matching rule decides. */
  index: number;
}

/**
 * The text a pattern without wildcards stands for (`dir/a\[1\].bin` stands for `dir/a[1].bin`), read the way
 * `GlobPattern` reads escapes, as a lookup key (see `spaced`); undefined when a wildcard or class is in it.
 */
function literalOf(pattern: string): string | undefined {
  const body = pattern.startsWith("/") ? pattern.slice(1) : pattern;
  const glob = body.endsWith("/") ? body.slice(0, -1) : body;
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i];
    if (glob.startsWith("[[:space:]]", i)) {
      out += " ";
      i += "[[:space:]]".length - 1;
      continue;
    }
    if (ch === "*" || ch === "?" || ch === "[") return undefined;
    if (ch === "\\" && i + 1 < glob.length) {
      out += glob[i + 1];
      i++;
    } else out += ch;
  }
  return out === "" ? undefined : spaced(out);
}

/** Lookup key: any whitespace as a plain space ([[:space:]] matches every kind; rules re-check exactly). */
function spaced(text: string): string {
  return text.replace(/\s/g, " ");
}

/**
 * Wildcard rules honoured per .gitattributes, and stars per rule: matching costs paths × rules × stars,
 * and a commit checks each of its paths, so these bound what one file of a repo can cost the hub.
 */
export const MAX_WILDCARD_RULES = 500;
export const MAX_RULE_STARS = 16;

function starsIn(pattern: string): number {
  let count = 0;
  for (const char of pattern) if (char === "*") count++;
  return count;
}

/** Parses .gitattributes and answers whether a path is routed through the LFS filter. */
export class GitAttributes {
  private readonly rules: AttributeRule[] = [];
  /** Rules with wildcards, checked one by one. */
  private readonly globRules: AttributeRule[] = [];
  /**
   * Rules naming one exact path or name (what an LFS commit appends per file), keyed by that text: such a
   * rule can only match a path having it as a component or leading folders, so a lookup finds it.
   * Without this, a .gitattributes with thousands of per-file rules made every check scan them all.
   */
  private readonly literalRules = new Map<string, AttributeRule[]>();

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
      if (lfs === undefined) continue;
      const literal = literalOf(pattern);
      // every wildcard rule is tried on every path of a commit: absurd ones are left out (README "Paths")
      if (
        literal === undefined &&
        (this.globRules.length >= MAX_WILDCARD_RULES || starsIn(pattern) > MAX_RULE_STARS)
      )
        continue;
      const rule: AttributeRule = { pattern: compilePattern(pattern), lfs, index: this.rules.length };
      this.rules.push(rule);
      if (literal === undefined) this.globRules.push(rule);
      else {
        const same = this.literalRules.get(literal);
        if (same) same.push(rule);
        else this.literalRules.set(literal, [rule]);
      }
    }
  }

  isLfs(path: string): boolean {
    let last: AttributeRule | undefined;
    for (let i = this.globRules.length - 1; i >= 0 && !last; i--)
      if (this.globRules[i].pattern.matches(path)) last = this.globRules[i];
    if (this.literalRules.size > 0) {
      const parts = path.split("/");
      let leading = "";
      for (let n = 0; n < parts.length; n++) {
        const part = spaced(parts[n]);
        leading = n === 0 ? part : `${leading}/${part}`;
        for (const key of n === 0 ? [leading] : [part, leading])
          for (const rule of this.literalRules.get(key) ?? [])
            if ((!last || rule.index > last.index) && rule.pattern.matches(path)) last = rule;
      }
    }
    return last?.lfs ?? false;
  }

  /** The text with a rule appended that routes `path` through LFS. */
  withLfsPath(path: string): string {
    return this.withLfsPaths([path]);
  }

  /** The text with one rule per path appended (in order), each routing exactly that path through LFS. */
  withLfsPaths(paths: readonly string[]): string {
    const prefix = this.text === "" || this.text.endsWith("\n") ? this.text : `${this.text}\n`;
    const rules = paths.map(
      (path) =>
        `${path.replace(/[\\*?[\]!#]/g, "\\$&").replace(/ /g, "[[:space:]]")} filter=lfs diff=lfs merge=lfs -text\n`,
    );
    return prefix + rules.join("");
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

/**
 * The rules of a new repo's first commit: the extensions huggingface.co tracks in new repos (weights,
 * archives, arrays, serialised objects), plus what its dataset repos add (images, audio, video, lz4,
 * mds) and GGUF.
 */
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
  "*.webm",
  "*.bmp",
  "*.tiff",
  "*.aac",
  "*.pcm",
  "*.sam",
  "*.raw",
  "*.lz4",
  "*.mds",
]
  .map((pattern) => `${pattern} filter=lfs diff=lfs merge=lfs -text`)
  .join("\n")
  .concat("\n");
