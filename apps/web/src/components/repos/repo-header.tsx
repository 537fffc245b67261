import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { paths, repoTypeLabel } from "../../config/paths.js";
import type { RepoInfo, RepoType } from "@modelhub/api-types";
import { CopyButton } from "../ui/copy-button.js";
import { useAuth } from "../../lib/auth/auth-context.js";
import { CommunityTabLabel } from "../community/community-tab-label.js";
import { communityPaths } from "../../lib/community/paths.js";
import { MirrorMark } from "../mirror/mirror-mark.js";
import { AddToCollection } from "../collections/add-to-collection.js";
import { GateNotice } from "./gate-notice.js";
import { SecurityBanner } from "../scans/security-banner.js";
import { LikeButton } from "./like-button.js";

export type RepoTab = "card" | "files" | "commits" | "community" | "upload" | "settings";

const CARD_LABEL: Record<RepoType, string> = {
  model: "Model card",
  dataset: "Dataset card",
  space: "App",
  kernel: "Kernel card",
};

const MAX_TAGS = 12;

function plainTags(info: RepoInfo): string[] {
  return (info.tags ?? []).filter(
    (tag) => !tag.startsWith("region:") && !tag.includes(":") && tag !== info.pipeline_tag,
  );
}

export function RepoHeader({
  type,
  id,
  info,
  tab,
  revision = "main",
}: {
  type: RepoType;
  id: string;
  info?: RepoInfo;
  tab: RepoTab;
  revision?: string;
}) {
  const [owner, name] = id.split("/");
  const { user } = useAuth();
  const canWrite = Boolean(user && (user.name === owner || user.orgs?.some((org) => org.name === owner)));
  const license = info?.tags?.find((tag) => tag.startsWith("license:"))?.slice("license:".length);
  const [showAllTags, setShowAllTags] = useState(false);
  const hiddenTags = info
    ? Math.max(0, plainTags(info).filter((tag) => tag !== info.library_name).length - MAX_TAGS)
    : 0;
  const tabs: { key: RepoTab; label: ReactNode; to: string }[] = [
    { key: "card", label: CARD_LABEL[type], to: paths.repo(type, id) },
    { key: "files", label: "Files and versions", to: paths.tree(type, id, revision) },
    { key: "commits", label: "History", to: paths.commits(type, id, revision) },
    { key: "community", label: <CommunityTabLabel type={type} id={id} />, to: communityPaths.list(type, id) },
  ];
  if (canWrite && !info?.mirror) {
    tabs.push({ key: "upload", label: "Upload", to: paths.upload(type, id) });
    tabs.push({ key: "settings", label: "Settings", to: paths.settings(type, id) });
  }
  return (
    <div className="repo-header">
      <div className="container">
        <div className="repo-kind">{repoTypeLabel(type)}</div>
        <div className="repo-title">
          <h1>
            <Link className="owner" to={`${paths.listing(type)}?author=${encodeURIComponent(owner)}`}>
              {owner}
            </Link>
            <span className="faint">/</span>
            <wbr />
            <span>{name}</span>
          </h1>
          <CopyButton text={id} label="Copy id" />
          {info?.private ? <span className="tag">private</span> : null}
          {info?.gated ? <span className="tag">gated</span> : null}
          {info ? <MirrorMark info={info} /> : null}
          {info ? <LikeButton type={type} id={id} likes={info.likes} /> : null}
          {info && !info.mirror && type !== "kernel" ? <AddToCollection type={type} id={id} /> : null}
        </div>
        {info ? (
          <div className="tag-list">
            {info.pipeline_tag ? (
              <Link className="tag tag-task" to={paths.task(info.pipeline_tag)}>
                {info.pipeline_tag}
              </Link>
            ) : null}
            {info.library_name ? (
              <Link
                className="tag"
                to={`${paths.listing(type)}?library=${encodeURIComponent(info.library_name)}`}
              >
                {info.library_name}
              </Link>
            ) : null}
            {plainTags(info)
              .filter((tag) => tag !== info.library_name)
              .slice(0, showAllTags ? undefined : MAX_TAGS)
              .map((tag) => (
                <Link
                  key={tag}
                  className="tag"
                  to={`${paths.listing(type)}?filter=${encodeURIComponent(tag)}`}
                >
                  {tag}
                </Link>
              ))}
            {hiddenTags > 0 && !showAllTags ? (
              <button type="button" className="tag tag-more" onClick={() => setShowAllTags(true)}>
                +{hiddenTags}
              </button>
            ) : null}
            {license ? <span className="tag">License: {license}</span> : null}
          </div>
        ) : null}
        {info?.gated && tab === "card" ? <GateNotice type={type} id={id} info={info} /> : null}
        {info ? <SecurityBanner type={type} id={id} revision={revision} /> : null}
        <nav className="tabs" aria-label="Repository sections">
          {tabs.map((item) => (
            <Link
              key={item.key}
              to={item.to}
              className="tab"
              aria-current={item.key === tab ? "page" : undefined}
            >
              {item.label}
            </Link>
          ))}
        </nav>
      </div>
    </div>
  );
}
