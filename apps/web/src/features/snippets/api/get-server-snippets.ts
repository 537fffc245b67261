import { useQuery } from "@tanstack/react-query";
import { requestJson } from "../../../lib/api-client.js";
import type { InferenceSnippet } from "../../../lib/api-types.js";
import { apiPaths } from "../../../config/paths.js";

export interface LibrarySnippetGroup {
  library: string;
  label: string;
  snippets: string[];
}

export interface ServerSnippets {
  inference: InferenceSnippet[];
  libraries: LibrarySnippetGroup[];
  /** The public URL the hub's snippets point at, when it says so. */
  hubUrl?: string;
}

function asInference(value: unknown): InferenceSnippet[] {
  return Array.isArray(value)
    ? value.filter(
        (s): s is InferenceSnippet =>
          typeof s === "object" && s !== null && "content" in s && "language" in s,
      )
    : [];
}

function asLibraries(value: unknown): LibrarySnippetGroup[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): LibrarySnippetGroup[] => {
    if (typeof item === "string") return [{ library: "library", label: "Library", snippets: [item] }];
    if (typeof item !== "object" || item === null) return [];
    const record = item as Record<string, unknown>;
    const library = String(record.library ?? record.key ?? record.name ?? "library");
    const snippets = Array.isArray(record.snippets)
      ? record.snippets.filter((s): s is string => typeof s === "string")
      : typeof record.content === "string"
        ? [record.content]
        : typeof record.snippet === "string"
          ? [record.snippet]
          : [];
    return snippets.length
      ? [{ library, label: String(record.label ?? record.prettyLabel ?? library), snippets }]
      : [];
  });
}

/** Reads `/api/models/{id}/snippets`; tolerant of the exact body shape (list, or object with named lists). */
export async function getServerSnippets(
  id: string,
  provider: string,
  streaming: boolean,
): Promise<ServerSnippets> {
  const body = await requestJson<unknown>(apiPaths.snippets(id), { query: { provider, streaming } });
  if (Array.isArray(body)) return { inference: asInference(body), libraries: [] };
  const record = (body ?? {}) as Record<string, unknown>;
  const hubUrl = [record.hubUrl, record.endpoint, record.publicUrl].find(
    (v): v is string => typeof v === "string",
  );
  return {
    inference: asInference(record.inference ?? record.inferenceSnippets ?? record.snippets),
    libraries: asLibraries(record.libraries ?? record.librarySnippets ?? record.library),
    hubUrl,
  };
}

export function useServerSnippets(id: string, provider: string, streaming: boolean, enabled = true) {
  return useQuery({
    queryKey: ["server-snippets", id, provider, streaming],
    queryFn: () => getServerSnippets(id, provider, streaming),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
