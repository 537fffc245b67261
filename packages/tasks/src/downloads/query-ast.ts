/** The fields a download rule can test, each read from the requested file's path. */
export const DOWNLOAD_QUERY_FIELDS = ["path", "path_prefix", "path_extension", "path_filename"] as const;
export type DownloadQueryField = (typeof DOWNLOAD_QUERY_FIELDS)[number];

/** A parsed `countDownloads` rule. */
export type DownloadQuery =
  | { kind: "match"; field: DownloadQueryField; value: string }
  | { kind: "exists"; field: DownloadQueryField }
  | { kind: "and"; operands: DownloadQuery[] }
  | { kind: "or"; operands: DownloadQuery[] };

/** A malformed rule; `offset` is the character position where reading failed. */
export class DownloadQueryError extends Error {
  constructor(
    readonly query: string,
    readonly offset: number,
    detail: string,
  ) {
    super(`Invalid countDownloads query at character ${offset}: ${detail} (query: ${JSON.stringify(query)})`);
    this.name = "DownloadQueryError";
  }
}
