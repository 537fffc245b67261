import type { RepoType } from "@modelhub/api-types";
import { useDiscussionList } from "../../lib/community/api.js";

/** "Community" with the repo's number of open discussions and pull requests, for the repo tabs. */
export function CommunityTabLabel({ type, id }: { type: RepoType; id: string }) {
  const open = useDiscussionList(type, id, { type: "all", status: "open", page: 0 }).data?.count;
  return (
    <>
      Community
      {open ? (
        <span className="community-count" aria-label={`${open} open`} data-testid="open-discussions">
          {open}
        </span>
      ) : null}
    </>
  );
}
