import { GlobPattern } from "../patterns/glob-pattern.js";

/**
 * A `data_files` pattern (fsspec/huggingface_hub glob: `*` within a path segment, `**` across
 * segments, `?`, `[abc]`) over repo paths, matched in linear time (see `GlobPattern`). A leading `./`
 * or `/` is dropped: card paths are relative to the repo's root.
 */
export function dataFilesGlob(pattern: string): GlobPattern {
  return GlobPattern.compile(pattern.replace(/^\.?\/+/, ""), { dialect: "fsspec" });
}
