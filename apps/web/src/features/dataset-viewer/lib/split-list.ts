import type { SplitsResponse } from "@modelhub/api-types";

export type SplitStatus = { state: "ready" } | { state: "pending" } | { state: "failed"; error: string };

export interface SplitEntry {
  config: string;
  split: string;
  status: SplitStatus;
}

/**
 * Every config and split the API knows of, in its order, with each split's state: converted, still
 * converting, or failed (a failure without a split name applies to all splits of its config).
 */
export function splitEntries(response: SplitsResponse): SplitEntry[] {
  const entries = new Map<string, SplitEntry>();
  const key = (config: string, split: string) => JSON.stringify([config, split]);
  for (const item of response.splits)
    entries.set(key(item.config, item.split), {
      config: item.config,
      split: item.split,
      status: { state: "ready" },
    });
  for (const item of response.pending)
    entries.set(key(item.config, item.split), {
      config: item.config,
      split: item.split,
      status: { state: "pending" },
    });
  for (const failure of response.failed) {
    if (failure.split !== undefined) {
      entries.set(key(failure.config, failure.split), {
        config: failure.config,
        split: failure.split,
        status: { state: "failed", error: failure.error },
      });
    }
  }
  const list = [...entries.values()];
  for (const failure of response.failed) {
    if (failure.split !== undefined) continue;
    const known = list.filter((entry) => entry.config === failure.config);
    if (known.length === 0)
      list.push({ config: failure.config, split: "", status: { state: "failed", error: failure.error } });
    for (const entry of known) entry.status = { state: "failed", error: failure.error };
  }
  return list;
}

export function configNames(entries: readonly SplitEntry[]): string[] {
  return [...new Set(entries.map((entry) => entry.config))];
}

/** The split shown when the URL names none: `train` if the config has one, else the first. */
export function defaultSplit(entries: readonly SplitEntry[], config: string): string | undefined {
  const splits = entries.filter((entry) => entry.config === config).map((entry) => entry.split);
  return splits.includes("train") ? "train" : splits[0];
}
