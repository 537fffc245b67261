import { jsString, jsValue, pyString, pyValue, type LiteralValue } from "@modelhub/tasks";
import { filesIn, hasFiles, mapFiles, type BodyValue } from "../request/body.js";
import { isImagePath, mimeTypeOf, type LocalFile } from "../request/local-file.js";

/** A body literal plus the lines that read the files it refers to. */
export interface RenderedBody {
  /** Statements to place before the literal (reading files), one per line. */
  prelude: string[];
  literal: string;
  readsFiles: boolean;
}

// A per-process random marker: a user string can never equal it, so replacing its quoted form is safe.
const MARKER = `__modelhub_file_${Math.random().toString(36).slice(2)}_`;

interface FileVariable {
  file: LocalFile;
  name: string;
}

function fileVariables(value: BodyValue, style: "snake" | "camel"): FileVariable[] {
  const seen = new Map<string, FileVariable>();
  const used = new Set<string>();
  for (const file of filesIn(value)) {
    const key = `${file.encoding}:${file.path}`;
    if (seen.has(key)) continue;
    const media = isImagePath(file.path) ? "image" : "audio";
    const suffix = file.encoding === "data-url" ? ["data", "url"] : ["base64"];
    const words = [media, ...suffix];
    let name =
      style === "snake"
        ? words.join("_")
        : words[0] +
          words
            .slice(1)
            .map((w) => w[0].toUpperCase() + w.slice(1))
            .join("");
    for (let n = 2; used.has(name); n++) name = `${name}${n}`;
    used.add(name);
    seen.set(key, { file, name });
  }
  return [...seen.values()];
}

/** A body without files is plain literal data. */
export function isPlainLiteral(value: BodyValue): value is LiteralValue {
  return !hasFiles(value);
}

function render(
  value: BodyValue,
  depth: number,
  style: "snake" | "camel",
  literal: (v: LiteralValue, depth: number) => string,
  quote: (s: string) => string,
  readFile: (v: FileVariable) => string[],
): RenderedBody {
  if (isPlainLiteral(value)) return { prelude: [], literal: literal(value, depth), readsFiles: false };
  const variables = fileVariables(value, style);
  const byKey = new Map(variables.map((v, i) => [`${v.file.encoding}:${v.file.path}`, i]));
  let text = literal(
    mapFiles(value, (file) => `${MARKER}${byKey.get(`${file.encoding}:${file.path}`)}`),
    depth,
  );
  variables.forEach((v, i) => {
    text = text.split(quote(`${MARKER}${i}`)).join(v.name);
  });
  return { prelude: variables.flatMap(readFile), literal: text, readsFiles: variables.length > 0 };
}

/** Python literal of a body; files become variables read (and base64-encoded) beforehand. */
export function pythonBody(value: BodyValue, depth = 0): RenderedBody {
  return render(value, depth, "snake", pyValue, pyString, ({ file, name }) => {
    const encoded = "base64.b64encode(f.read()).decode()";
    const expression =
      file.encoding === "data-url"
        ? `${pyString(`data:${mimeTypeOf(file.path)};base64,`)} + ${encoded}`
        : encoded;
    return [`with open(${pyString(file.path)}, "rb") as f:`, `    ${name} = ${expression}`];
  });
}

/** JavaScript literal of a body; files become constants read (and base64-encoded) beforehand. */
export function javascriptBody(value: BodyValue, depth = 0): RenderedBody {
  return render(value, depth, "camel", jsValue, jsString, ({ file, name }) => {
    const read = `fs.readFileSync(${jsString(file.path)}).toString("base64")`;
    const expression =
      file.encoding === "data-url" ? `${jsString(`data:${mimeTypeOf(file.path)};base64,`)} + ${read}` : read;
    return [`const ${name} = ${expression};`];
  });
}
