import type { ReactNode } from "react";
import { ErrorState, NotFoundState } from "../ui/status.js";
import { isNotFound } from "../../lib/api-error.js";
import type { RepoType } from "@modelhub/api-types";
import { useTitle } from "../../lib/use-title.js";
import { useRepoInfo } from "../../lib/repos/api/get-repo-info.js";
import { RepoHeader, type RepoTab } from "./repo-header.js";

/** Header + body for the secondary repo pages (files, history, upload); renders 404 for unknown repos. */
export function RepoPageFrame({
  type,
  id,
  tab,
  revision,
  title,
  children,
}: {
  type: RepoType;
  id: string;
  tab: RepoTab;
  revision?: string;
  title: string;
  children: ReactNode;
}) {
  const info = useRepoInfo(type, id);
  const missing = info.isError && isNotFound(info.error);
  useTitle(missing ? "Not found" : `${title} · ${id}`);
  if (missing) return <NotFoundState what={type === "model" ? "model" : type} />;
  return (
    <>
      <RepoHeader type={type} id={id} info={info.data} tab={tab} revision={revision} />
      <div className="container" style={{ paddingTop: 20 }}>
        {info.isError ? <ErrorState error={info.error} retry={() => void info.refetch()} /> : children}
      </div>
    </>
  );
}
