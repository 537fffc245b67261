import type { NamespaceStorage } from "@modelhub/api-types";
import { formatBytes } from "../../lib/format.js";

const number = new Intl.NumberFormat("en");

/** "12.4 GB of 50.0 GB", a bar, the repository count and each repo's share. */
export function StorageView({ storage }: { storage: NamespaceStorage }) {
  const limit = storage.storageLimit;
  const percent = limit ? Math.min(100, (storage.usedBytes / limit) * 100) : 0;
  const repos = [...storage.repos].sort((a, b) => b.lfsBytes + b.gitBytes - (a.lfsBytes + a.gitBytes));
  return (
    <div className="usage-stack">
      <div className="card" data-testid="storage-summary">
        <div style={{ fontSize: "1.4em", fontWeight: 600 }}>{storage.summary}</div>
        {limit !== null ? (
          <div
            role="meter"
            aria-label="Storage used"
            aria-valuemin={0}
            aria-valuemax={limit}
            aria-valuenow={storage.usedBytes}
            style={{ height: 8, borderRadius: 4, background: "var(--border)", margin: "8px 0" }}
          >
            <div
              style={{
                width: `${percent}%`,
                height: "100%",
                borderRadius: 4,
                background: percent >= 90 ? "var(--danger)" : "var(--accent)",
              }}
            />
          </div>
        ) : null}
        <div className="small muted">
          LFS files and git repositories, each counted once per repository
          {storage.storageLimitFrom === "default" && limit !== null ? " · the hub's default quota" : ""}
          {storage.reservedBytes > 0
            ? ` · ${formatBytes(storage.reservedBytes)} held by uploads under way`
            : ""}
        </div>
        <div className="small" data-testid="storage-repo-count">
          {number.format(storage.repoCount)} of{" "}
          {storage.repoLimit === null ? "unlimited" : number.format(storage.repoLimit)} repositories
        </div>
      </div>
      {repos.length > 0 ? (
        <table className="usage-table" data-testid="storage-repos">
          <thead>
            <tr>
              <th>Repository</th>
              <th>Type</th>
              <th>LFS files</th>
              <th>Git</th>
              <th>Total</th>
            </tr>
          </thead>
          <tbody>
            {repos.map((repo) => (
              <tr key={`${repo.type}:${repo.id}`}>
                <td className="mono">{repo.id}</td>
                <td>{repo.type}</td>
                <td>{formatBytes(repo.lfsBytes)}</td>
                <td>{formatBytes(repo.gitBytes)}</td>
                <td>{formatBytes(repo.lfsBytes + repo.gitBytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
