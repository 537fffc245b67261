import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { RequireUser } from "../../components/auth/require-user.js";
import { RepoPageFrame } from "../../components/repos/repo-page-frame.js";
import { useRepoRoute } from "../../lib/repos/use-repo-route.js";
import type { RepoType } from "@modelhub/api-types";
import { createDiscussion, useRefreshDiscussions } from "../../lib/community/api.js";
import { MarkdownInput } from "./markdown-input.js";
import { communityPaths } from "../../lib/community/paths.js";
import { useAction } from "./use-action.js";
import "./community.css";

function NewDiscussionForm({ type, id }: { type: RepoType; id: string }) {
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [pullRequest, setPullRequest] = useState(false);
  const action = useAction();
  const navigate = useNavigate();
  const refresh = useRefreshDiscussions(type, id);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    let created: { num: number } | undefined;
    void action
      .run(async () => {
        created = await createDiscussion(type, id, { title, description, pullRequest });
      })
      .then((ok) => {
        if (!ok || !created) return;
        void refresh();
        navigate(communityPaths.discussion(type, id, created.num));
      });
  }
  return (
    <form className="card form community-new" onSubmit={onSubmit} aria-label="New discussion">
      <h2>New {pullRequest ? "pull request" : "discussion"}</h2>
      <fieldset className="radio-row">
        <legend className="visually-hidden">Kind</legend>
        <label>
          <input type="radio" name="kind" checked={!pullRequest} onChange={() => setPullRequest(false)} />{" "}
          Discussion
        </label>
        <label>
          <input type="radio" name="kind" checked={pullRequest} onChange={() => setPullRequest(true)} /> Pull
          request
        </label>
      </fieldset>
      {pullRequest ? (
        <p className="hint">
          A pull request starts as the git ref <code>refs/pr/N</code> at main&apos;s head. You then push your
          changes to it (<code>git push origin HEAD:refs/pr/N</code>, or the commit API with that revision),
          and the repository&apos;s writers review and merge them.
        </p>
      ) : null}
      <label>
        Title
        <input
          id="new-discussion-title"
          className="input"
          value={title}
          maxLength={200}
          required
          onChange={(e) => setTitle(e.target.value)}
        />
      </label>
      <MarkdownInput
        id="new-discussion-description"
        label="Description"
        value={description}
        onChange={setDescription}
        rows={8}
        placeholder="What would you like to discuss? (markdown)"
      />
      <div className="community-actions">
        <button className="button button-primary" type="submit" disabled={action.busy || !title.trim()}>
          {pullRequest ? "Open pull request" : "Create discussion"}
        </button>
        <Link className="button" to={communityPaths.list(type, id)}>
          Cancel
        </Link>
      </div>
      {action.feedback}
    </form>
  );
}

/** `/{id}/discussions/new`: a title and a markdown description; signed-out visitors get a sign-in prompt. */
export function NewDiscussionPage() {
  const { type, id } = useRepoRoute();
  return (
    <RepoPageFrame type={type} id={id} tab="community" title="New discussion">
      <RequireUser what="start a discussion">
        <NewDiscussionForm type={type} id={id} />
      </RequireUser>
    </RepoPageFrame>
  );
}
