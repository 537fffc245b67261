import { CodeBlock } from "../../components/ui/code-block.js";
import { ErrorState, NotFoundState, Skeleton } from "../../components/ui/status.js";
import { paths } from "../../config/paths.js";
import { useFileText } from "../../lib/repos/api/get-file-text.js";
import { Breadcrumbs } from "../../features/repos/components/breadcrumbs.js";
import { RepoPageFrame } from "../../components/repos/repo-page-frame.js";
import { useRepoRoute } from "../../lib/repos/use-repo-route.js";
import { LazyMarkdown } from "../../components/markdown/lazy-markdown.js";
import { isNotFound } from "../../lib/api-error.js";
import { formatBytes } from "../../lib/format.js";
import { CommitNotice } from "../../features/file-edit/commit-notice.js";
import { FileActions } from "../../features/file-edit/file-actions.js";
import { FileSecurityPanel } from "../../features/scans/file-security-panel.js";

const TEXT_EXTENSIONS =
  /\.(md|txt|json|jsonl|py|js|mjs|ts|tsx|sh|yaml|yml|toml|cfg|ini|csv|tsv|html|css|jinja|gitattributes|gitignore)$|^[^.]+$/i;
const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp|svg)$/i;

function extension(path: string): string {
  return path.slice(path.lastIndexOf(".") + 1).toLowerCase();
}

function TextBody({ path }: { path: string }) {
  const { type, id, revision } = useRepoRoute();
  const file = useFileText(type, id, revision, path);
  if (file.isPending) return <Skeleton lines={12} />;
  if (file.isError)
    return isNotFound(file.error) ? <NotFoundState what="file" /> : <ErrorState error={file.error} />;
  const ext = extension(path);
  return (
    <>
      {file.data.truncated ? (
        <p className="notice small">
          Showing the first {formatBytes(file.data.text.length)} of {formatBytes(file.data.size)}.
        </p>
      ) : null}
      {ext === "md" ? (
        <div className="card">
          <LazyMarkdown source={file.data.text} />
        </div>
      ) : (
        <CodeBlock code={file.data.text} language={ext} />
      )}
    </>
  );
}

export function BlobPage() {
  const { type, id, revision, filePath } = useRepoRoute();
  const name = filePath.slice(filePath.lastIndexOf("/") + 1);
  const resolveUrl = paths.resolve(type, id, revision, filePath);
  return (
    <RepoPageFrame type={type} id={id} tab="files" revision={revision} title={name}>
      <div className="toolbar">
        <Breadcrumbs type={type} id={id} revision={revision} path={filePath} />
        <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
          <FileActions type={type} id={id} revision={revision} path={filePath} />
          <a className="button button-small" href={resolveUrl}>
            Raw
          </a>
          <a
            className="button button-small button-primary"
            href={paths.resolve(type, id, revision, filePath, true)}
          >
            Download
          </a>
        </div>
      </div>
      <CommitNotice type={type} id={id} />
      <FileSecurityPanel type={type} id={id} revision={revision} path={filePath} />
      {IMAGE_EXTENSIONS.test(name) ? (
        <div className="card">
          <img src={resolveUrl} alt={name} style={{ maxWidth: "100%" }} />
        </div>
      ) : TEXT_EXTENSIONS.test(name) ? (
        <TextBody path={filePath} />
      ) : (
        <div className="card status">
          <p className="status-title">Binary file</p>
          <p className="status-body">This file is not shown in the browser. Use the download button.</p>
        </div>
      )}
    </RepoPageFrame>
  );
}
