import { jsString, jsValue, pyString, pyValue, type LiteralValue } from "@modelhub/tasks";
import { hasFiles, mapFiles, type BodyValue } from "../request/body.js";
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

const VARIABLE_NAMES = {
  snake: { image: ["image_base64", "image_data_url"], audio: ["audio_base64", "audio_data_url"] },
  camel: { image: ["imageBase64", "imageDataUrl"], audio: ["audioBase64", "audioDataUrl"] },
} as const;

/** The variable a file is read into: `image_base64`, `audioDataUrl`, … (numbered when taken). */
function variableName(file: LocalFile, style: "snake" | "camel", used: ReadonlySet<string>): string {
  const media = isImagePath(file.path) ? "image" : "audio";
  const base = VARIABLE_NAMES[style][media][file.encoding === "data-url" ? 1 : 0];
  let name: string = base;
  for (let n = 2; used.has(name); n++) name = `${base}${n}`;
  return name;
}

/** A body without files is plain literal data. */
export function isPlainLiteral(value: BodyValue): value is LiteralValue {
  return !hasFiles(value);
}

/** The marker standing for the i-th file variable, and its quoted form (computed once per index). */
const markers: { marker: string; quoted: string }[] = [];
function markerOf(index: number): { marker: string; quoted: string } {
  return (markers[index] ??= { marker: `${MARKER}${index}`, quoted: JSON.stringify(`${MARKER}${index}`) });
}

function render(
  value: BodyValue,
  depth: number,
  style: "snake" | "camel",
  literal: (v: LiteralValue, depth: number) => string,
  readFile: (v: FileVariable) => string[],
): RenderedBody {
  if (isPlainLiteral(value)) return { prelude: [], literal: literal(value, depth), readsFiles: false };
  // One pass: each distinct (encoding, path) becomes a variable; the body holds its marker meanwhile.
  const variables: FileVariable[] = [];
  const indexByKey = new Map<string, number>();
  const used = new Set<string>();
  const withMarkers = mapFiles(value, (file) => {
    const key = `${file.encoding}:${file.path}`;
    let index = indexByKey.get(key);
    if (index === undefined) {
      index = variables.length;
      const name = variableName(file, style, used);
      used.add(name);
      variables.push({ file, name });
      indexByKey.set(key, index);
    }
    return markerOf(index).marker;
  });
  let text = literal(withMarkers, depth);
  variables.forEach((v, i) => {
    text = text.split(markerOf(i).quoted).join(v.name);
  });
  return { prelude: variables.flatMap(readFile), literal: text, readsFiles: true };
}

/** Python literal of a body; files become variables read (and base64-encoded) beforehand. */
export function pythonBody(value: BodyValue, depth = 0): RenderedBody {
  return render(value, depth, "snake", pyValue, ({ file, name }) => {
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
  return render(value, depth, "camel", jsValue, ({ file, name }) => {
    const read = `fs.readFileSync(${jsString(file.path)}).toString("base64")`;
    const expression =
      file.encoding === "data-url" ? `${jsString(`data:${mimeTypeOf(file.path)};base64,`)} + ${read}` : read;
    return [`const ${name} = ${expression};`];
  });
}
