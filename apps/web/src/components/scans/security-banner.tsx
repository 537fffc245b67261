import { useState } from "react";
import { Link } from "react-router";
import type { RepoType } from "@modelhub/api-types";
import { paths } from "../../config/paths.js";
import { useRepoScan } from "../../lib/scans/api.js";
import "./scans.css";

const NOUN: Record<RepoType, string> = {
  model: "model",
  dataset: "dataset",
  space: "space",
  kernel: "kernel",
};

/**
 * "This model has N files scanned as unsafe", with a link that lists them; files only suspicious (the
 * scanner could not vouch for them) get a milder banner. Nothing when every scan is clean.
 */
export function SecurityBanner({
  type,
  id,
  revision = "main",
}: {
  type: RepoType;
  id: string;
  revision?: string;
}) {
  const scan = useRepoScan(type, id, revision);
  const [open, setOpen] = useState(false);
  const issues = scan.data?.filesWithIssues ?? [];
  const unsafe = issues.filter((file) => file.level === "unsafe");
  const suspicious = issues.filter((file) => file.level === "suspicious");
  if (unsafe.length === 0 && suspicious.length === 0) return null;
  const shown = [...unsafe, ...suspicious];
  const files = (n: number) => `${n} file${n === 1 ? "" : "s"}`;
  return (
    <div
      className={`security-banner${unsafe.length === 0 ? " warning" : ""}`}
      role="alert"
      data-testid="security-banner"
    >
      <span>
        {unsafe.length > 0
          ? `This ${NOUN[type]} has ${files(unsafe.length)} scanned as unsafe.`
          : `This ${NOUN[type]} has ${files(suspicious.length)} the security scan could not vouch for.`}{" "}
        {unsafe.length > 0 && suspicious.length > 0
          ? `${suspicious.length} more ${suspicious.length === 1 ? "file is" : "files are"} suspicious. `
          : null}
        <button type="button" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
          {open ? "Hide them" : "Show them"}
        </button>
      </span>
      {open ? (
        <ul data-testid="security-banner-files">
          {shown.map((file) => (
            <li key={file.path}>
              <Link to={paths.blob(type, id, revision, file.path)}>{file.path}</Link> ({file.level})
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
