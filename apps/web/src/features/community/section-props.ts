import type { DiscussionDetails } from "@modelhub/api-types";
import type { CommentTarget } from "./comment-card.js";
import type { CommunityRights } from "../../lib/community/permissions.js";

/** What every part of a discussion page gets: which discussion, its details, the viewer's rights. */
export interface DiscussionSectionProps {
  target: CommentTarget;
  discussion: DiscussionDetails;
  rights: CommunityRights;
  /** Called after a change, so the page reads the discussion again. */
  changed: () => void;
}
