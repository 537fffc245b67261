import type { RepoInfo } from "@modelhub/api-types";
import { pyString } from "@modelhub/tasks";
import { CodeBlock } from "../../components/ui/code-block.js";
import { ErrorState, Skeleton } from "../../components/ui/status.js";
import { readmeLinkBase } from "../../config/paths.js";
import { MissingCard } from "../../features/file-edit/empty-repo.js";
import { LazyMarkdown } from "../../components/markdown/lazy-markdown.js";
import { repoSize } from "../../features/repos/components/model-metadata.js";
import { MetaRows } from "../../features/repos/components/meta-rows.js";
import { RepoHeader } from "../../components/repos/repo-header.js";
import { RepoStats } from "../../features/repos/components/repo-stats.js";
import { useRepoCardPage } from "../../features/repos/use-repo-card-page.js";
import { formatBytes, formatRelative } from "../../lib/format.js";

function KernelMetadata({ info }: { info: RepoInfo }) {
  const license = (info.tags ?? []).find((tag) => tag.startsWith("license:"))?.slice("license:".length);
  const rows: [string, string][] = [
    ["License", license ?? ""],
    ["Storage", formatBytes(repoSize(info))],
    ["Updated", formatRelative(info.lastModified)],
  ];
  return (
    <section className="card" aria-label="Kernel details">
      <RepoStats info={info} />
      <MetaRows rows={rows} />
    </section>
  );
}

/** How to fetch the kernel with huggingface_hub (1.x knows the kernel repo type), pointed at this hub. */
function UseThisKernel({ id }: { id: string }) {
  const code = [
    "from huggingface_hub import snapshot_download",
    "",
    "path = snapshot_download(",
    `    ${pyString(id)},`,
    '    repo_type="kernel",',
    `    endpoint=${pyString(window.location.origin)},`,
    ")",
  ].join("\n");
  return (
    <section className="card" aria-label="Use this kernel">
      <h2 className="small" style={{ marginTop: 0 }}>
        Use this kernel
      </h2>
      <CodeBlock code={code} language="python" label="Download with huggingface_hub" />
    </section>
  );
}

/** A kernel repo: the model page's layout (card beside details), without the model-only panels. */
export function KernelPage() {
  const { id, info, readme, replacement } = useRepoCardPage("kernel");
  if (replacement) return replacement;
  return (
    <>
      <RepoHeader type="kernel" id={id} info={info.data} tab="card" />
      <div className="container repo-body">
        <article className="card" aria-label="Kernel card" style={{ minWidth: 0 }}>
          {info.isPending || readme.isPending ? (
            <Skeleton lines={14} />
          ) : readme.isError ? (
            <ErrorState error={readme.error} retry={() => void readme.refetch()} />
          ) : readme.data ? (
            <LazyMarkdown source={readme.data} linkBase={readmeLinkBase("kernel", id)} />
          ) : (
            <MissingCard type="kernel" id={id} siblings={info.data?.siblings} />
          )}
        </article>
        <aside className="sidebar" aria-label="Kernel details and code">
          {info.data ? (
            <>
              <KernelMetadata info={info.data} />
              <UseThisKernel id={info.data.id} />
            </>
          ) : (
            <Skeleton lines={10} height="400px" />
          )}
        </aside>
      </div>
    </>
  );
}
