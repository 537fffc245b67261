import { TextDecoder } from "node:util";
import { type GitAttributes, isIgnored } from "../paths/gitattributes.js";

export const LFS_SIZE_THRESHOLD = 10 * 1024 * 1024;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Binary-looking sample: a NUL byte or bytes that are not UTF-8 (a cut multi-byte tail is tolerated). */
export function looksBinary(sample: Buffer): boolean {
  if (sample.includes(0)) return true;
  for (let trim = 0; trim <= 3 && trim < sample.length + 1; trim++) {
    try {
      strictUtf8.decode(sample.subarray(0, sample.length - trim));
      return false;
    } catch {
      // try again without a possibly truncated final character
    }
  }
  return true;
}

export interface UploadDecision {
  uploadMode: "lfs" | "regular";
  shouldIgnore: boolean;
}

export function decideUpload(
  path: string,
  size: number,
  sample: Buffer,
  attributes: GitAttributes,
  gitIgnore: string,
): UploadDecision {
  const shouldIgnore = gitIgnore !== "" && isIgnored(gitIgnore, path);
  if (size === 0) return { uploadMode: "regular", shouldIgnore };
  const lfs = attributes.isLfs(path) || size > LFS_SIZE_THRESHOLD || looksBinary(sample);
  return { uploadMode: lfs ? "lfs" : "regular", shouldIgnore };
}
