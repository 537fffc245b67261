import type { DemoFile } from "../types.js";
import { json } from "./bytes.js";

export function jsonFile(path: string, value: unknown): DemoFile {
  return { path, content: json(value) };
}

export function textFile(path: string, content: string): DemoFile {
  return { path, content };
}

export function binaryFile(path: string, content: Uint8Array): DemoFile {
  return { path, content };
}
