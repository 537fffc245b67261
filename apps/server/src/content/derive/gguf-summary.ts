import { fileTypeLabel, parseGGUFQuantLabel } from "@modelhub/tasks";
import { readGgufHeader } from "./gguf-header.js";
import type { RepoFiles } from "./repo-files.js";
import type { FileEntry } from "../../domain/repo.js";

export interface GgufFileInfo {
  path: string;
  architecture?: string;
  context_length?: number;
  chat_template?: string;
  file_type?: number;
  quant?: string;
  error?: string;
}

const MAX_FILES = 32;

function quantFromName(path: string): string | undefined {
  return parseGGUFQuantLabel(path.slice(path.lastIndexOf("/") + 1));
}

async function inspect(files: RepoFiles, file: FileEntry): Promise<GgufFileInfo> {
  const info: GgufFileInfo = { path: file.path };
  try {
    const header = await readGgufHeader(await files.open(file.path));
    const architecture = header.metadata.get("general.architecture");
    if (typeof architecture === "string") {
      info.architecture = architecture;
      const context = header.metadata.get(`${architecture}.context_length`);
      if (typeof context === "number" || typeof context === "bigint") info.context_length = Number(context);
    }
    const template = header.metadata.get("tokenizer.chat_template");
    if (typeof template === "string") info.chat_template = template;
    const fileType = header.metadata.get("general.file_type");
    if (typeof fileType === "number") info.file_type = fileType;
    info.quant =
      (info.file_type === undefined ? undefined : fileTypeLabel(info.file_type)) ?? quantFromName(file.path);
  } catch (error) {
    info.error = error instanceof Error ? error.message : String(error);
    info.quant = quantFromName(file.path);
  }
  return info;
}

export interface GgufSummary {
  architecture?: string;
  context_length?: number;
  chat_template?: string;
  total?: number;
  files: GgufFileInfo[];
}

/** Reads the header of each .gguf file (cached by content id) and summarises them. */
export async function summariseGguf(
  files: RepoFiles,
  cache: Map<string, GgufFileInfo>,
  warnings: string[],
): Promise<GgufSummary | undefined> {
  const ggufFiles = files.files
    .filter((file) => file.path.toLowerCase().endsWith(".gguf"))
    .slice(0, MAX_FILES);
  if (ggufFiles.length === 0) return undefined;
  const infos: GgufFileInfo[] = [];
  for (const file of ggufFiles) {
    const key = file.lfs?.sha256 ?? file.oid;
    let info = cache.get(key);
    if (!info) {
      info = await inspect(files, file);
      cache.set(key, info);
    }
    const entry = { ...info, path: file.path };
    if (entry.error) warnings.push(`${file.path}: GGUF header unreadable (${entry.error})`);
    infos.push(entry);
  }
  const first = infos.find((info) => info.architecture);
  const summary: GgufSummary = { files: infos };
  if (first?.architecture) summary.architecture = first.architecture;
  if (first?.context_length !== undefined) summary.context_length = first.context_length;
  const template = infos.find((info) => info.chat_template)?.chat_template;
  if (template) summary.chat_template = template;
  return summary;
}
