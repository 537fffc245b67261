import type { RepoInfo } from "@modelhub/api-types";
import { rowOrigin, type ProviderMappingRow, type RepoRow } from "../platform/repos.js";

/** Stand-ins serialised where the counts go; no stored text contains NUL, so they cannot collide. */
const DOWNLOADS_MARK = "\u0000downloads";
const ALL_TIME_MARK = "\u0000downloadsAllTime";

interface Entry {
  sha: string | undefined;
  blobs: boolean;
  mappings: ProviderMappingRow[];
  spaces: string[] | undefined;
  /** The serialised answer cut where `downloads` and `downloadsAllTime` go. */
  parts: [string, string, string] | undefined;
}

/**
 * Serialised repo info per row origin (see `rowOrigin`), sha and `blobs`: a download adds to the
 * counts only, which are spliced into the stored text; any other write makes a new row, hence a new
 * entry. Provider mappings and spaces are compared by identity (their caches hand out the same arrays
 * until they change).
 */
export class InfoAnswerCache {
  private readonly entries = new WeakMap<RepoRow, Entry[]>();

  answer(row: RepoRow, context: Omit<Entry, "parts">, build: () => RepoInfo): string {
    const origin = rowOrigin(row);
    const list = this.entries.get(origin) ?? [];
    let entry = list.find(
      (e) =>
        e.sha === context.sha &&
        e.blobs === context.blobs &&
        sameList(e.mappings, context.mappings) &&
        sameList(e.spaces, context.spaces),
    );
    if (!entry) {
      entry = { ...context, parts: cutAtCounts(build()) };
      // one entry per sha and blobs flag: a replaced mapping or spaces list retires the old one
      const kept = list.filter((e) => e.sha !== context.sha || e.blobs !== context.blobs);
      this.entries.set(origin, [...kept, entry]);
    }
    if (!entry.parts) return JSON.stringify(build());
    const [head, middle, tail] = entry.parts;
    return `${head}${row.downloads_30d}${middle}${row.downloads_all_time}${tail}`;
  }
}

/** The same cached array, or two empty ones (a repo without mappings gets a fresh `[]` each time). */
function sameList<T>(a: T[] | undefined, b: T[] | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.length === 0 && b.length === 0);
}

function cutAtCounts(info: RepoInfo): [string, string, string] | undefined {
  if (info.downloads === undefined || info.downloadsAllTime === undefined) return undefined;
  const marked = { ...info, downloads: DOWNLOADS_MARK, downloadsAllTime: ALL_TIME_MARK };
  const text = JSON.stringify(marked);
  const [head, rest, ...more] = text.split(JSON.stringify(DOWNLOADS_MARK));
  if (rest === undefined || more.length > 0) return undefined;
  const [middle, tail, ...extra] = rest.split(JSON.stringify(ALL_TIME_MARK));
  if (tail === undefined || extra.length > 0) return undefined;
  return [head, middle, tail];
}
