import { useId, useState, type FormEvent, type ReactNode } from "react";

export interface CommitFields {
  summary: string;
  description: string;
  branch: string;
  /** Open a pull request (refs/pr/N) instead of committing to the branch. */
  createPr: boolean;
}

export interface CommitFormProps {
  id: string;
  title?: string;
  defaultSummary: string;
  defaultBranch: string;
  /** False for viewers who cannot write: the form opens a pull request. */
  canWrite: boolean;
  /** Why the commit cannot happen yet (e.g. invalid YAML); disables the button. */
  blockedReason?: string;
  busy: boolean;
  error?: { message: string; conflict: boolean; forbidden: boolean };
  danger?: boolean;
  /** Where the latest version of the edited file is, offered when the branch moved (412). */
  latestUrl?: string;
  onSubmit: (fields: CommitFields) => void;
  /** Extra buttons (e.g. Cancel). */
  children?: ReactNode;
}

/** Commit message, description and target branch, and the button that commits or opens a pull request. */
export function CommitForm(props: CommitFormProps) {
  const { id, defaultSummary, defaultBranch, canWrite, blockedReason, busy, error } = props;
  const [summary, setSummary] = useState("");
  const [description, setDescription] = useState("");
  const [branch, setBranch] = useState(defaultBranch);
  const [forcePr, setForcePr] = useState(false);
  const createPr = !canWrite || forcePr;
  const fieldId = useId();
  const target = branch.trim() || defaultBranch;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (blockedReason || busy) return;
    props.onSubmit({
      summary: summary.trim() || defaultSummary,
      description: description.trim(),
      branch: target,
      createPr,
    });
  }

  return (
    <form className="card commit-form" aria-label={props.title ?? "Commit changes"} onSubmit={onSubmit}>
      <h3>{props.title ?? "Commit changes"}</h3>
      {createPr ? (
        <p className="notice notice-info" data-testid="pull-request-note">
          {canWrite ? "The hub refused a direct commit." : `You cannot write to ${id}.`} Your change opens a
          pull request against <strong>{target}</strong>; its owners can review and merge it.
        </p>
      ) : null}
      <label htmlFor={`${fieldId}-summary`}>Commit message</label>
      <input
        id={`${fieldId}-summary`}
        className="input"
        value={summary}
        placeholder={defaultSummary}
        maxLength={4096}
        onChange={(event) => setSummary(event.target.value)}
      />
      <label htmlFor={`${fieldId}-description`}>Extended description (optional)</label>
      <textarea
        id={`${fieldId}-description`}
        className="input"
        rows={2}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <label htmlFor={`${fieldId}-branch`}>
        {createPr ? "Pull request against branch" : "Target branch"}
      </label>
      <input
        id={`${fieldId}-branch`}
        className="input mono"
        value={branch}
        onChange={(event) => setBranch(event.target.value)}
      />
      {error ? (
        <div className="notice notice-error" role="alert" data-testid="commit-error">
          <strong>{error.conflict ? "The file changed since you opened it" : "Commit failed"}</strong>
          <div>{error.message}</div>
          {error.conflict && props.latestUrl ? (
            <a href={props.latestUrl} target="_blank" rel="noopener">
              Open the latest version in a new tab
            </a>
          ) : null}
          {error.forbidden && !createPr ? (
            <button type="button" className="button button-small" onClick={() => setForcePr(true)}>
              Open a pull request instead
            </button>
          ) : null}
        </div>
      ) : null}
      <div className="commit-form-actions">
        <button
          type="submit"
          className={`button ${props.danger && !createPr ? "button-danger" : "button-primary"}`}
          disabled={Boolean(blockedReason) || busy}
        >
          {busy ? "Committing…" : createPr ? "Open a pull request" : `Commit changes to ${target}`}
        </button>
        {props.children}
        {blockedReason ? (
          <span className="small commit-blocked" data-testid="commit-blocked">
            {blockedReason}
          </span>
        ) : null}
      </div>
    </form>
  );
}
