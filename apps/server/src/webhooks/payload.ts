import type { RepoType } from "../domain/repo.js";
import type { HubEvent } from "./events.js";

const WEB_PREFIX: Record<RepoType, string> = {
  model: "",
  dataset: "datasets/",
  space: "spaces/",
  kernel: "kernels/",
};
const API_KIND: Record<RepoType, string> = {
  model: "models",
  dataset: "datasets",
  space: "spaces",
  kernel: "kernels",
};
/** Comment text beyond this is cut so one payload stays far below the size bound. */
const MAX_CONTENT_CHARS = 16_000;

/**
 * The JSON body a webhook receives, in the Hub's version-3 shape: `event`, `repo` (with `url.web`,
 * `url.api`, `headSha`), and where they apply `updatedRefs`, `updatedConfig`, `movedTo`,
 * `discussion`, `comment`; then `webhook: {id, version}`.
 */
export function buildPayload(event: HubEvent, webhookId: string, publicUrl: string): Record<string, unknown> {
  const { repo } = event;
  const web = `${publicUrl}/${WEB_PREFIX[repo.type]}${repo.name}`;
  const payload: Record<string, unknown> = {
    event: { action: event.action, scope: event.scope },
    repo: {
      type: repo.type,
      name: repo.name,
      id: repo.id,
      private: repo.private,
      url: { web, api: `${publicUrl}/api/${API_KIND[repo.type]}/${repo.name}` },
      owner: { id: repo.owner },
      ...(repo.headSha ? { headSha: repo.headSha } : {}),
    },
  };
  if (event.updatedRefs) payload.updatedRefs = event.updatedRefs;
  if (event.updatedConfig) payload.updatedConfig = event.updatedConfig;
  if (event.movedTo) payload.movedTo = { name: event.movedTo.name, owner: { id: event.movedTo.owner } };
  const d = event.discussion;
  if (d) {
    const discussionWeb = `${web}/discussions/${d.num}`;
    payload.discussion = {
      id: d.id,
      num: d.num,
      title: d.title,
      author: { id: d.author },
      isPullRequest: d.isPullRequest,
      status: d.status,
      url: {
        web: discussionWeb,
        api: `${publicUrl}/api/${API_KIND[repo.type]}/${repo.name}/discussions/${d.num}`,
      },
      ...(d.isPullRequest
        ? {
            changes: {
              base: d.baseRef ?? "refs/heads/main",
              ...(d.mergeCommitId ? { mergeCommitId: d.mergeCommitId } : {}),
            },
          }
        : {}),
    };
    if (event.comment)
      payload.comment = {
        id: event.comment.id,
        author: { id: event.comment.author },
        hidden: event.comment.hidden,
        content: event.comment.content.slice(0, MAX_CONTENT_CHARS),
        url: { web: `${discussionWeb}#${event.comment.id}` },
      };
  }
  payload.webhook = { id: webhookId, version: 3 };
  return payload;
}
