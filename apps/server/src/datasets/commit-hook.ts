import type { RepoEvents } from "../domain/ports.js";
import { formatOfPath } from "./layout.js";
import type { DatasetViewer } from "./service.js";

/** Commits dated further back are imports (the demo catalogue dates its repos in the past). */
const IMPORT_AGE_MS = 10 * 60 * 1000;

/**
 * Wraps the platform's commit events: after each dataset commit on the default branch (API commit,
 * git push) that holds data files, its Parquet conversion is queued. Imported commits (dated in the
 * past: the demo catalogue's 57 datasets on a first start) are converted when first viewed instead,
 * so they never hold up a fresh upload. `viewer` is read at call time, as the viewer starts after the
 * content half that emits the events.
 */
export function watchDatasetCommits(events: RepoEvents, viewer: () => DatasetViewer | undefined): RepoEvents {
  return {
    ...events,
    commitLanded: async (repo, commit, derived) => {
      await events.commitLanded(repo, commit, derived);
      const current = viewer();
      if (!current || repo.type !== "dataset" || repo.mirror) return;
      if (Date.now() - commit.date.getTime() > IMPORT_AGE_MS) return;
      const hasData = derived.siblings.some((file) => formatOfPath(file.path) !== undefined);
      if (hasData || (await current.store.get(repo.id))) await current.enqueue(repo, commit.sha);
    },
  };
}
