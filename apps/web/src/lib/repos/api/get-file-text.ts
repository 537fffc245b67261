import { queryOptions, useQuery } from "@tanstack/react-query";
import { send } from "../../api-client.js";
import { ApiError } from "../../api-error.js";
import type { RepoType } from "@modelhub/api-types";
import { paths } from "../../../config/paths.js";

export interface FileText {
  text: string;
  /** True when only the first `maxBytes` were fetched. */
  truncated: boolean;
  size?: number;
}

/** Reads the start of a file through its resolve URL (a Range request, so big files stay cheap). */
export async function getFileText(
  type: RepoType,
  id: string,
  revision: string,
  path: string,
  maxBytes = 512_000,
): Promise<FileText> {
  const response = await send(paths.resolve(type, id, revision, path), {
    headers: { Range: `bytes=0-${maxBytes - 1}` },
  });
  const range = response.headers.get("Content-Range");
  const size = range
    ? Number(range.split("/")[1])
    : Number(response.headers.get("Content-Length") ?? Number.NaN);
  const buffer = await response.arrayBuffer();
  const bytes = new Uint8Array(buffer).subarray(0, maxBytes);
  return {
    text: new TextDecoder().decode(bytes),
    truncated: Number.isFinite(size) ? size > bytes.length : false,
    size: Number.isFinite(size) ? size : undefined,
  };
}

/** The README of a repo, or `null` when it has none. */
export const readmeQuery = (type: RepoType, id: string, revision: string) =>
  queryOptions({
    queryKey: ["readme", type, id, revision],
    queryFn: async () => {
      try {
        return (await getFileText(type, id, revision, "README.md")).text;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

export function useReadme(type: RepoType, id: string, revision: string, enabled = true) {
  return useQuery({ ...readmeQuery(type, id, revision), enabled });
}

export function useFileText(type: RepoType, id: string, revision: string, path: string) {
  return useQuery({
    queryKey: ["file-text", type, id, revision, path],
    queryFn: () => getFileText(type, id, revision, path),
  });
}
