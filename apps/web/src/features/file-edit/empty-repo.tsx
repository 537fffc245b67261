import { Link } from "react-router";
import { CodeBlock } from "../../components/ui/code-block.js";
import { paths } from "../../config/paths.js";
import type { RepoType, Sibling } from "@modelhub/api-types";
import { isEmptyRepo, startCommands } from "./start-commands.js";
import { editPaths } from "./edit-paths.js";
import { useCanWrite } from "./use-can-write.js";
import "./file-edit.css";

const CARD_NAME: Record<RepoType, string> = {
  model: "model card",
  dataset: "dataset card",
  space: "README",
  kernel: "kernel card",
};

/** What an empty repo shows: how to start, with buttons for its owners and commands aimed at this hub. */
export function EmptyRepoGuide({ type, id }: { type: RepoType; id: string }) {
  const { canWrite } = useCanWrite(id);
  const origin = window.location.origin;
  const commands = startCommands(type, id, origin);
  const cardName = CARD_NAME[type];
  if (!canWrite)
    return (
      <section className="empty-repo" aria-label="Empty repository">
        <h2>This repository is empty</h2>
        <p className="muted">Its owners have not added any files yet.</p>
      </section>
    );
  return (
    <section className="empty-repo" aria-label="Empty repository">
      <h2>This repository is empty</h2>
      <p className="muted">
        Start with a {cardName} that says what this is, then add files from the browser or the command line.
      </p>
      <div className="empty-repo-buttons">
        <Link className="button button-primary" to={editPaths.newFile(type, id, "main", "", true)}>
          Create {cardName}
        </Link>
        <Link className="button" to={paths.upload(type, id)}>
          Upload files
        </Link>
        <Link className="button" to={editPaths.newFile(type, id, "main")}>
          Create a file
        </Link>
      </div>
      <h3>With git</h3>
      <CodeBlock code={commands.git} language="bash" label="git commands" />
      {/* huggingface_hub reads kernels but does not upload to them: git is the way in */}
      {type !== "kernel" ? (
        <>
          <h3>With the hf CLI</h3>
          <CodeBlock code={commands.hf} language="bash" label="hf upload command" />
          <p className="small muted">
            <code>HF_ENDPOINT</code> points <code>huggingface_hub</code> and the <code>hf</code> CLI at this
            hub instead of huggingface.co.
          </p>
        </>
      ) : null}
    </section>
  );
}

/** The card area of a repo page without README.md: the empty-repo guide, or a prompt to add a card. */
export function MissingCard({ type, id, siblings }: { type: RepoType; id: string; siblings?: Sibling[] }) {
  const { canWrite } = useCanWrite(id);
  if (isEmptyRepo(siblings)) return <EmptyRepoGuide type={type} id={id} />;
  return (
    <div className="status status-empty">
      <p className="status-title">No {CARD_NAME[type]} yet</p>
      <div className="status-body">
        This repository has no README.md. <Link to={paths.tree(type, id, "main")}>Browse its files</Link>
        {canWrite ? (
          <>
            {" "}
            or{" "}
            <Link
              className="button button-small button-primary"
              to={editPaths.newFile(type, id, "main", "", true)}
            >
              Create {CARD_NAME[type]}
            </Link>
          </>
        ) : (
          "."
        )}
      </div>
    </div>
  );
}
