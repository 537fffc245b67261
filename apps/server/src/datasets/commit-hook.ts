import type { RepoEvents } from "../domain/ports.js";
import { formatOfPath } from "./layout.js";
import type { DatasetViewer } from "./service.js";

/**
 * Wraps the platform's commit events: after each dataset commit on the default branch (API commit,
 * git push, seed) that holds data files, its Parquet conversion is queued. `viewer` is read at call
 * time, as the viewer starts after the content half that emits the events.
 */
export function watchDatasetCommits(events: RepoEvents, viewer: () => DatasetViewer | undefined): RepoEvents {
  return {
    ...events,
    commitLanded: async (repo, commit, derived) => {
      await events.commitLanded(repo, commit, derived);
      const current = viewer();
      if (!current || repo.type !== "dataset" || repo.mirror) return;
      const hasData = derived.siblings.some((file) => formatOfPath(file.path) !== undefined);
      if (hasData || (await current.store.get(repo.id))) await current.enqueue(repo, commit.sha);
    },
  };
}
