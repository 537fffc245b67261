import { readmeLinkBase } from "../../config/paths.js";
import type { RepoType } from "@modelhub/api-types";
import { LazyMarkdown } from "../../components/markdown/lazy-markdown.js";

/**
 * A comment's markdown through the model card's sanitising renderer. The card renderer drops a leading
 * `---` block as YAML front matter; a comment has none, so a leading newline keeps such text visible.
 */
export function CommentMarkdown({ source, repo }: { source: string; repo?: { type: RepoType; id: string } }) {
  return (
    <LazyMarkdown source={`\n${source}`} linkBase={repo ? readmeLinkBase(repo.type, repo.id) : undefined} />
  );
}
