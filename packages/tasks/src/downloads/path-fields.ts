import type { DownloadQueryField } from "./query-ast.js";

/** The values a download rule can test for one file path (`undefined` = the field does not exist). */
export type PathFields = Record<DownloadQueryField, string | undefined>;

/** Splits a repository file path into the fields rules test: full path, folder, extension, bare name. */
export function pathFields(rawPath: string): PathFields {
  const path = rawPath.replace(/^(?:\.?\/)+/, "");
  const slash = path.lastIndexOf("/");
  const basename = path.slice(slash + 1);
  const dot = basename.lastIndexOf(".");
  const hasExtension = dot > 0;
  return {
    path,
    path_prefix: slash >= 0 ? path.slice(0, slash + 1) : undefined,
    path_extension: hasExtension ? basename.slice(dot + 1) : undefined,
    path_filename: hasExtension ? basename.slice(0, dot) : basename,
  };
}
