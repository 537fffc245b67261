import { ErrorState, Skeleton } from "../../components/ui/status.js";
import { readmeLinkBase } from "../../config/paths.js";
import { MissingCard } from "../../features/file-edit/empty-repo.js";
import { UseThisDataset } from "../../features/dataset-libraries/use-this-dataset.js";
import { DatasetPreview } from "../../features/dataset-preview/components/dataset-preview.js";
import { DatasetViewer } from "../../features/dataset-viewer/components/dataset-viewer.js";
import { LazyMarkdown } from "../../components/markdown/lazy-markdown.js";
import { repoSize } from "../../features/repos/components/model-metadata.js";
import { MetaRows } from "../../features/repos/components/meta-rows.js";
import { RepoHeader } from "../../components/repos/repo-header.js";
import { RepoStats } from "../../features/repos/components/repo-stats.js";
import { useRepoCardPage } from "../../features/repos/use-repo-card-page.js";
import type { RepoInfo } from "@modelhub/api-types";
import { formatBytes, formatRelative } from "../../lib/format.js";

function tagValues(info: RepoInfo, prefix: string): string[] {
  return (info.tags ?? []).filter((t) => t.startsWith(`${prefix}:`)).map((t) => t.slice(prefix.length + 1));
}

function DatasetMetadata({ info }: { info: RepoInfo }) {
  const rows: [string, string][] = [
    ["Tasks", tagValues(info, "task_categories").join(", ")],
    ["Languages", tagValues(info, "language").join(", ")],
    ["License", tagValues(info, "license").join(", ")],
    ["Size", tagValues(info, "size_categories").join(", ")],
    ["Storage", formatBytes(repoSize(info))],
    ["Updated", formatRelative(info.lastModified)],
  ];
  return (
    <section className="card" aria-label="Dataset details">
      <RepoStats info={info} />
      <MetaRows rows={rows} />
    </section>
  );
}

export function DatasetPage() {
  const { id, info, readme, replacement } = useRepoCardPage("dataset");
  if (replacement) return replacement;
  return (
    <>
      <RepoHeader type="dataset" id={id} info={info.data} tab="card" />
      {/* The viewer spans the page width, above the card and sidebar, so wide tables have room. */}
      <div className="container" style={{ paddingTop: 22 }}>
        {info.data ? (
          <DatasetViewer dataset={id} fallback={<DatasetPreview info={info.data} />} />
        ) : (
          <Skeleton lines={8} />
        )}
      </div>
      <div className="container repo-body">
        <div style={{ minWidth: 0, display: "flex", flexDirection: "column", gap: 18 }}>
          <article className="card" aria-label="Dataset card">
            {info.isPending || readme.isPending ? (
              <Skeleton lines={10} />
            ) : readme.isError ? (
              <ErrorState error={readme.error} />
            ) : readme.data ? (
              <LazyMarkdown source={readme.data} linkBase={readmeLinkBase("dataset", id)} />
            ) : (
              <MissingCard type="dataset" id={id} siblings={info.data?.siblings} />
            )}
          </article>
        </div>
        <aside className="sidebar">
          {info.data ? <DatasetMetadata info={info.data} /> : <Skeleton lines={6} />}
          {info.data ? <UseThisDataset info={info.data} /> : null}
        </aside>
      </div>
    </>
  );
}
