import { z } from "zod";
import { isSha256 } from "../blobs/blob-store.js";
import { checkFolderPath, checkRepoPath } from "../paths/repo-path.js";
import type { CommitOperation, RepoKey, RepoContent } from "../repo-content.js";
import { readLines } from "./line-reader.js";
import { badRequest, unprocessable } from "../../domain/errors.js";

export const MAX_NDJSON_LINE = 96 * 1024 * 1024;
export const MAX_NDJSON_BODY = 1024 * 1024 * 1024;
const MAX_OPERATIONS = 100_000;

const header = z.object({
  summary: z.string().max(4096).optional(),
  description: z.string().max(65536).optional(),
  parentCommit: z
    .string()
    .regex(/^[0-9a-f]{40}$/)
    .optional()
    .nullable(),
});
const file = z.object({ path: z.string(), content: z.string(), encoding: z.literal("base64").optional() });
const lfsFile = z.object({
  path: z.string(),
  algo: z.literal("sha256").optional(),
  oid: z.string(),
  size: z.number().int().nonnegative().optional(),
});
const deleted = z.object({ path: z.string() });
const line = z.object({ key: z.string(), value: z.unknown() });

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface ParsedCommit {
  title: string;
  description: string;
  parentCommit?: string;
  operations: CommitOperation[];
}

function parseJsonLine(text: string, lineNumber: number): z.infer<typeof line> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(`Malformed NDJSON: line ${lineNumber} is not valid JSON`);
  }
  const parsed = line.safeParse(value);
  if (!parsed.success)
    throw badRequest(`Malformed NDJSON: line ${lineNumber} must be {"key": …, "value": …}`);
  return parsed.data;
}

function shape<T>(schema: z.ZodType<T>, value: unknown, key: string, lineNumber: number): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw badRequest(
      `Malformed NDJSON: invalid "${key}" on line ${lineNumber}: ${parsed.error.issues[0]?.message ?? "bad value"}`,
    );
  return parsed.data;
}

/**
 * Reads the NDJSON commit body line by line; regular file contents go straight into the repo's
 * object database so only one line is ever held in memory.
 */
export async function parseNdjsonCommit(
  body: ReadableStream<Uint8Array> | null,
  content: RepoContent,
  repo: RepoKey,
  /** Where inline file contents go (a quarantine checked against the quota); the repo's objects by default. */
  writeBlob: (content: Buffer) => Promise<string> = (data) => content.hashBlob(repo, data),
): Promise<ParsedCommit> {
  if (!body) throw badRequest("Empty commit body");
  let parsed: ParsedCommit | undefined;
  let lineNumber = 0;
  for await (const text of readLines(body, MAX_NDJSON_LINE, MAX_NDJSON_BODY)) {
    lineNumber++;
    if (text.trim() === "") continue;
    const { key, value } = parseJsonLine(text, lineNumber);
    if (!parsed) {
      if (key !== "header") throw badRequest("Malformed NDJSON: the first line must be the header");
      const h = shape(header, value, key, lineNumber);
      parsed = {
        title: h.summary?.trim() || "Upload files",
        description: h.description ?? "",
        parentCommit: h.parentCommit ?? undefined,
        operations: [],
      };
      continue;
    }
    if (parsed.operations.length >= MAX_OPERATIONS)
      throw badRequest(`At most ${MAX_OPERATIONS} operations per commit`);
    switch (key) {
      case "file": {
        const f = shape(file, value, key, lineNumber);
        const data = f.content.replace(/\s+/g, "");
        if (!BASE64.test(data)) throw badRequest(`Malformed NDJSON: content of ${f.path} is not base64`);
        const path = checkRepoPath(f.path);
        parsed.operations.push({
          kind: "file",
          path,
          blob: await writeBlob(Buffer.from(data, "base64")),
        });
        break;
      }
      case "lfsFile": {
        const f = shape(lfsFile, value, key, lineNumber);
        if (!isSha256(f.oid)) throw unprocessable(`Invalid sha256 oid for ${f.path}: ${f.oid}`);
        parsed.operations.push({ kind: "lfs", path: checkRepoPath(f.path), oid: f.oid, size: f.size });
        break;
      }
      case "deletedFile":
        parsed.operations.push({
          kind: "delete",
          path: checkRepoPath(shape(deleted, value, key, lineNumber).path),
        });
        break;
      case "deletedFolder":
        parsed.operations.push({
          kind: "deleteFolder",
          path: checkFolderPath(shape(deleted, value, key, lineNumber).path),
        });
        break;
      case "header":
        throw badRequest("Malformed NDJSON: more than one header line");
      default:
        throw badRequest(`Malformed NDJSON: unknown key "${key}" on line ${lineNumber}`);
    }
  }
  if (!parsed) throw badRequest("Malformed NDJSON: missing header line");
  return parsed;
}
