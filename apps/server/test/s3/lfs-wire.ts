import { createHash } from "node:crypto";

/** What the S3 suites send and read on the git-lfs batch API. */
export const LFS = { "Content-Type": "application/vnd.git-lfs+json", Accept: "application/vnd.git-lfs+json" };
export const MiB = 1024 * 1024;
export const sha = (data: Buffer) => createHash("sha256").update(data).digest("hex");

export interface Action {
  href: string;
  header?: Record<string, string>;
}
export interface BatchObject {
  oid: string;
  size: number;
  actions?: { upload?: Action; verify?: Action; download?: Action };
  error?: { code: number; message: string };
}
