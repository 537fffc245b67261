import { spawnSync } from "node:child_process";
import { tokenizer } from "acorn";

const PY_SCAN = `
import io, json, sys, tokenize
payload = json.load(sys.stdin)
marker = payload["marker"]
out = []
for src in payload["sources"]:
    bad = False
    try:
        for tok in tokenize.generate_tokens(io.StringIO(src).readline):
            if tok.type != tokenize.STRING and marker in tok.string:
                bad = True
    except (tokenize.TokenError, SyntaxError):
        bad = True
    out.append(bad)
json.dump(out, sys.stdout)
`;

function pythonOutside(sources: string[], marker: string): boolean[] {
  const res = spawnSync("python3", ["-c", PY_SCAN], {
    input: JSON.stringify({ marker, sources }),
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (res.status !== 0) throw new Error(`python3 failed: ${res.stderr}`);
  return JSON.parse(res.stdout) as boolean[];
}

function jsOutside(source: string, marker: string): boolean {
  try {
    for (const token of tokenizer(source, { ecmaVersion: "latest", sourceType: "module" })) {
      const label = token.type.label;
      if (label === "string" || label === "template") continue;
      if (source.slice(token.start, token.end).includes(marker)) return true;
    }
    return false;
  } catch {
    return true;
  }
}

/**
 * Shell: text is safe inside single quotes, or inside double quotes free of `$`, backticks and
 * backslashes. Everything else (bare words, comments) counts as outside a literal.
 */
function shellOutside(source: string, marker: string): boolean {
  let outside = "";
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (ch === "'") {
      const end = source.indexOf("'", i + 1);
      if (end < 0) return true;
      i = end + 1;
    } else if (ch === '"') {
      let j = i + 1;
      let unsafe = false;
      while (j < source.length && source[j] !== '"') {
        if (source[j] === "$" || source[j] === "`") unsafe = true;
        if (source[j] === "\\") j++;
        j++;
      }
      const body = source.slice(i, j + 1);
      if (unsafe) outside += body;
      i = j + 1;
    } else if (ch === "\\") {
      // A backslash outside quotes makes the next character literal (as in the `'\\''` idiom).
      outside += source.slice(i, i + 2);
      i += 2;
    } else {
      outside += ch;
      i++;
    }
  }
  return outside.includes(marker);
}

/**
 * For each source, whether `marker` occurs anywhere other than inside a string literal
 * (i.e. whether injected text could run as code).
 */
export function markerOutsideStrings(
  language: "python" | "js" | "sh",
  sources: string[],
  marker: string,
): boolean[] {
  if (language === "python") return pythonOutside(sources, marker);
  if (language === "js") return sources.map((s) => jsOutside(s, marker));
  return sources.map((s) => shellOutside(s, marker));
}
