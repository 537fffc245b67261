import type { ReactNode } from "react";
import type { RepoType } from "@modelhub/api-types";
import { ErrorState, NotFoundState } from "../../components/ui/status.js";
import { isNotFound } from "../../lib/api-error.js";
import { useTitle } from "../../lib/use-title.js";
import { useReadme } from "../../lib/repos/api/get-file-text.js";
import { useRepoInfo } from "../../lib/repos/api/get-repo-info.js";
import { useRepoRoute } from "../../lib/repos/use-repo-route.js";

/**
 * The start of every repo card page (model, dataset, space, kernel): the route's repo, its info and
 * README, the page title, and `replacement`, the page shown instead when the repo is missing (404)
 * or its info failed to load (with a retry).
 */
export function useRepoCardPage(type: RepoType) {
  const { id } = useRepoRoute();
  const info = useRepoInfo(type, id);
  const readme = useReadme(type, id, "main", info.isSuccess);
  const missing = info.isError && isNotFound(info.error);
  useTitle(missing ? "Not found" : id);
  let replacement: ReactNode = undefined;
  if (missing) replacement = <NotFoundState what={type} />;
  else if (info.isError)
    replacement = (
      <div className="container section">
        <ErrorState error={info.error} retry={() => void info.refetch()} />
      </div>
    );
  return { id, info, readme, replacement };
}
