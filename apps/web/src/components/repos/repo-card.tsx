import { Link } from "react-router";
import { paths } from "../../config/paths.js";
import type { RepoInfo, RepoType } from "@modelhub/api-types";
import { formatCount, formatRelative } from "../../lib/format.js";
import { MirrorMark } from "../mirror/mirror-mark.js";

export function RepoCard({ repo, type }: { repo: RepoInfo; type: RepoType }) {
  const emoji =
    type === "space" && typeof repo.cardData?.emoji === "string" ? repo.cardData.emoji : undefined;
  return (
    <Link className="repo-card" to={paths.repo(type, repo.id)} data-testid="repo-card">
      <div className="repo-card-title">
        {emoji ? <span aria-hidden="true">{emoji} </span> : null}
        {repo.id}
      </div>
      <div className="repo-card-meta">
        {repo.pipeline_tag ? <span>{repo.pipeline_tag}</span> : null}
        {type === "space" && repo.sdk ? <span>{repo.sdk}</span> : null}
        {repo.lastModified ? <span>Updated {formatRelative(repo.lastModified)}</span> : null}
        {type !== "space" ? <span title="Downloads">↓ {formatCount(repo.downloads)}</span> : null}
        <span title="Likes">♥ {formatCount(repo.likes)}</span>
        <MirrorMark info={repo} compact />
      </div>
    </Link>
  );
}

export function RepoGrid({ repos, type }: { repos: RepoInfo[]; type: RepoType }) {
  return (
    <div className="repo-grid">
      {repos.map((repo) => (
        <RepoCard key={repo.id} repo={repo} type={type} />
      ))}
    </div>
  );
}
