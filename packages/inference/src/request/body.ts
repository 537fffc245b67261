import type { LiteralValue } from "@modelhub/tasks";
import { LocalFile } from "./local-file.js";

/** JSON data that may hold local files (encoded as base64 or data URL when sent). */
export type BodyValue =
  string | number | boolean | null | LocalFile | BodyValue[] | { [key: string]: BodyValue };
export type BodyObject = { [key: string]: BodyValue };

/** The arguments of one inference call, before a provider reshapes them. */
export type TaskArgs = BodyObject;

export type RequestBody =
  | { type: "json"; value: BodyObject }
  /** The whole body is the file's bytes. */
  | { type: "file"; file: LocalFile; contentType: string }
  /** A multipart form: the file under `file`, then plain text fields. */
  | { type: "multipart"; file: LocalFile; fields: Record<string, string> };

export function isBodyObject(value: BodyValue | undefined): value is BodyObject {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof LocalFile)
  );
}

/** Every local file in a value, in document order. */
export function filesIn(value: BodyValue, found: LocalFile[] = []): LocalFile[] {
  if (value instanceof LocalFile) found.push(value);
  else if (Array.isArray(value)) for (const item of value) filesIn(item, found);
  else if (typeof value === "object" && value !== null) for (const key in value) filesIn(value[key], found);
  return found;
}

/** Whether a value holds a local file anywhere (no allocation: snippets ask this for every body). */
export function hasFiles(value: BodyValue): boolean {
  if (value instanceof LocalFile) return true;
  if (Array.isArray(value)) return value.some(hasFiles);
  if (typeof value === "object" && value !== null) {
    for (const key in value) if (hasFiles(value[key])) return true;
  }
  return false;
}

/** Converts a value to a plain literal, turning each file into whatever `fileAs` returns. */
export function mapFiles(value: BodyValue, fileAs: (file: LocalFile) => LiteralValue): LiteralValue {
  if (value instanceof LocalFile) return fileAs(value);
  if (Array.isArray(value)) return value.map((v) => mapFiles(v, fileAs));
  if (isBodyObject(value)) {
    const out: { [key: string]: LiteralValue } = {};
    for (const key in value) out[key] = mapFiles(value[key], fileAs);
    return out;
  }
  return value;
}

/** Splits `{inputs, parameters, ...rest}` into its three parts. */
export function splitArgs(args: TaskArgs): {
  inputs: BodyValue | undefined;
  parameters: BodyObject;
  rest: BodyObject;
} {
  const { inputs, parameters, ...rest } = args;
  return { inputs, parameters: isBodyObject(parameters) ? parameters : {}, rest };
}

/** Drops keys whose value is undefined so bodies hold only what was given. */
export function compact(entries: Record<string, BodyValue | undefined>): BodyObject {
  const out: BodyObject = {};
  for (const [key, value] of Object.entries(entries)) if (value !== undefined) out[key] = value;
  return out;
}
