import { Link } from "react-router";
import { paths } from "../../../config/paths.js";
import type { RepoType, TreeEntry } from "@modelhub/api-types";
import { formatBytes, formatRelative } from "../../../lib/format.js";
import { ScanBadge } from "../../../components/scans/scan-badge.js";

export function FileTable({
  type,
  id,
  revision,
  entries,
}: {
  type: RepoType;
  id: string;
  revision: string;
  entries: TreeEntry[];
}) {
  return (
    <div className="card" style={{ padding: 0, overflowX: "auto" }}>
      <table className="file-table" data-testid="file-table">
        <tbody>
          {entries.map((entry) => {
            const name = entry.path.slice(entry.path.lastIndexOf("/") + 1);
            const isDir = entry.type === "directory";
            return (
              <tr key={entry.path}>
                <td className="file-name">
                  <span className="file-icon" aria-hidden="true">
                    {isDir ? "▸" : "▫"}
                  </span>
                  <Link
                    to={
                      isDir
                        ? paths.tree(type, id, revision, entry.path)
                        : paths.blob(type, id, revision, entry.path)
                    }
                  >
                    {name}
                  </Link>
                  {entry.lfs ? (
                    <span
                      className="tag tag-lfs"
                      style={{ marginLeft: 8 }}
                      title={`Stored with Git LFS (sha256 ${entry.lfs.oid})`}
                    >
                      LFS
                    </span>
                  ) : null}
                  <ScanBadge status={entry.securityFileStatus?.status} compact />
                </td>
                <td className="file-commit" title={entry.lastCommit?.title}>
                  {entry.lastCommit ? entry.lastCommit.title : ""}
                </td>
                <td className="file-size">{isDir ? "" : formatBytes(entry.size)}</td>
                <td className="file-size">
                  {isDir ? (
                    ""
                  ) : (
                    <a
                      href={paths.resolve(type, id, revision, entry.path, true)}
                      aria-label={`Download ${name}`}
                      title="Download"
                    >
                      ↓
                    </a>
                  )}
                </td>
                <td className="file-size small">
                  {entry.lastCommit ? formatRelative(entry.lastCommit.date) : ""}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
