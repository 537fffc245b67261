import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactElement } from "react";
import { ErrorState, NotFoundState, Skeleton } from "../ui/status.js";
import { isNotFound } from "../../lib/api-error.js";

/**
 * What an organisation page shows while its overview loads or when it failed (a missing org is the
 * not-found page); null once the overview is there and the page can render itself.
 */
export function orgOverviewState(overview: UseQueryResult<unknown>): ReactElement | null {
  if (overview.isPending)
    return (
      <div className="container" style={{ paddingTop: 24 }}>
        <Skeleton lines={8} />
      </div>
    );
  if (overview.isError)
    return isNotFound(overview.error) ? (
      <NotFoundState what="organisation" />
    ) : (
      <div className="container">
        <ErrorState error={overview.error} retry={() => void overview.refetch()} />
      </div>
    );
  return null;
}
