import type { ReactNode } from "react";
import type { RepoInfo } from "@modelhub/api-types";
import { formatCount } from "../../../lib/format.js";

/** One figure of a repo page's stat row, with what it counts below it. */
export function Stat({ value, label }: { value: string; label: string }) {
  return (
    <div>
      <strong>{value}</strong>
      <span className="muted small">{label}</span>
    </div>
  );
}

/** A repo's downloads (last month) and likes, then any further figures given as children. */
export function RepoStats({ info, children }: { info: RepoInfo; children?: ReactNode }) {
  return (
    <div className="stat-row" style={{ marginBottom: 12 }}>
      <Stat value={formatCount(info.downloads)} label="downloads last month" />
      <Stat value={formatCount(info.likes)} label="likes" />
      {children}
    </div>
  );
}
