import { jsonValue } from "@modelhub/tasks";
import { mapFiles, type BodyValue } from "../request/body.js";
import { mimeTypeOf, type LocalFile } from "../request/local-file.js";
import { shWord } from "./shell-word.js";

// A per-process random marker: a user string can never contain it, so splitting on it is safe.
const MARKER = `__modelhub_shell_file_${Math.random().toString(36).slice(2)}_`;

/**
 * Shell commands that print a JSON body whose files are read and base64-encoded on the spot, one
 * command per line, to pipe into `curl --data-binary @-`. The JSON text around each file is one
 * `printf '%s'` of a single-quoted word (user text cannot break out of it); each file is
 * `base64 < file | tr -d '\n'` (portable between GNU and BSD base64), with its `data:` prefix when the
 * provider wants a data URL. Reading from stdin keeps large files clear of the argument size limit.
 */
export function shellJsonWithFiles(value: BodyValue, depth: number): string[] {
  const files: LocalFile[] = [];
  const literal = mapFiles(value, (file) => {
    files.push(file);
    return `${MARKER}${files.length - 1}${MARKER}`;
  });
  const parts = jsonValue(literal, depth).split(MARKER);
  const lines: string[] = [];
  // parts: text, index, text, index, …, text (the marker sits inside a JSON string, so text ends with `"`).
  for (let i = 0; i < parts.length; i += 2) {
    const file = i + 1 < parts.length ? files[Number(parts[i + 1])] : undefined;
    const prefix = file?.encoding === "data-url" ? `data:${mimeTypeOf(file.path)};base64,` : "";
    const text = parts[i] + prefix;
    if (text) lines.push(`printf '%s' ${shWord(text)}`);
    if (file) lines.push(`base64 < ${shWord(file.path)} | tr -d '\\n'`);
  }
  return lines;
}
