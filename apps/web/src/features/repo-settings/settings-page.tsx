import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { Skeleton } from "../../components/ui/status.js";
import { paths, repoTypeLabel } from "../../config/paths.js";
import type { RepoInfo, RepoType } from "@modelhub/api-types";
import { RequireUser } from "../../components/auth/require-user.js";
import { useRepoInfo } from "../../lib/repos/api/get-repo-info.js";
import { RepoPageFrame } from "../../components/repos/repo-page-frame.js";
import { useRepoRoute } from "../../lib/repos/use-repo-route.js";
import type { GatedMode } from "@modelhub/api-types";
import { deleteRepo, moveRepo, updateRepoSettings } from "./api.js";

const ID_PATTERN =
  "[A-Za-z0-9](?:[A-Za-z0-9._\\-]*[A-Za-z0-9])?/[A-Za-z0-9](?:[A-Za-z0-9._\\-]*[A-Za-z0-9])?";

/** One settings action: its own busy state and the API's answer shown right under it. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  async function run(action: () => Promise<unknown>, doneMessage?: string): Promise<boolean> {
    setBusy(true);
    setError(undefined);
    setDone(undefined);
    try {
      await action();
      setDone(doneMessage);
      return true;
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Something went wrong.");
      return false;
    } finally {
      setBusy(false);
    }
  }
  const feedback = (
    <>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      {done ? (
        <p className="notice notice-ok" role="status">
          {done}
        </p>
      ) : null}
    </>
  );
  return { busy, run, feedback };
}

function Section({ title, danger, children }: { title: string; danger?: boolean; children: ReactNode }) {
  return (
    <section className={`card settings-section${danger ? " settings-danger" : ""}`} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function VisibilitySection({ type, info, refresh }: { type: RepoType; info: RepoInfo; refresh: () => void }) {
  const action = useAction();
  const next = !info.private;
  return (
    <Section title="Visibility">
      <p className="muted">
        This {repoTypeLabel(type).toLowerCase()} is <strong>{info.private ? "private" : "public"}</strong>.{" "}
        {info.private
          ? "Only you and members of its organisation can see it."
          : "Anyone can see and download it."}
      </p>
      <button
        className="button"
        type="button"
        disabled={action.busy}
        onClick={() =>
          void action
            .run(
              () => updateRepoSettings(type, info.id, { private: next }),
              `Now ${next ? "private" : "public"}.`,
            )
            .then((ok) => ok && refresh())
        }
      >
        {next ? "Make private" : "Make public"}
      </button>
      {action.feedback}
    </Section>
  );
}

const GATE_LABELS: Record<string, string> = {
  off: "Off: anyone who can see the repo downloads its files",
  auto: "Automatic: a user who asks (and answers the card's questions) is granted access at once",
  manual: "Manual: you accept or reject each request",
};

function GatingSection({ type, info, refresh }: { type: RepoType; info: RepoInfo; refresh: () => void }) {
  const current = info.gated === "auto" || info.gated === "manual" ? info.gated : "off";
  const [mode, setMode] = useState(current);
  const action = useAction();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const gated: GatedMode = mode === "off" ? false : (mode as "auto" | "manual");
    void action
      .run(() => updateRepoSettings(type, info.id, { gated }), "Access settings saved.")
      .then((ok) => ok && refresh());
  }
  return (
    <Section title="Gated access">
      <form className="form" onSubmit={onSubmit}>
        <fieldset className="radio-column">
          <legend className="small muted">Who may download the files</legend>
          {Object.entries(GATE_LABELS).map(([value, label]) => (
            <label key={value}>
              <input
                type="radio"
                name="gate-mode"
                value={value}
                checked={mode === value}
                onChange={() => setMode(value as typeof mode)}
              />{" "}
              {label}
            </label>
          ))}
        </fieldset>
        <p className="hint">
          The access form asks the questions listed under <code>extra_gated_fields</code> in the card&apos;s
          front matter, with <code>extra_gated_prompt</code> as its introduction. The card and licence stay
          readable to everyone.
        </p>
        <div>
          <button className="button" type="submit" disabled={action.busy || mode === current}>
            Save access settings
          </button>
        </div>
        {action.feedback}
      </form>
    </Section>
  );
}

function RenameSection({ type, info }: { type: RepoType; info: RepoInfo }) {
  const [target, setTarget] = useState(info.id);
  const action = useAction();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const toRepo = target.trim();
    void action
      .run(() => moveRepo(type, info.id, toRepo))
      .then((ok) => {
        if (!ok) return;
        void queryClient.invalidateQueries({ queryKey: ["repo-info", type] });
        navigate(paths.repo(type, toRepo));
      });
  }
  return (
    <Section title="Rename or move">
      <form className="form" onSubmit={onSubmit}>
        <label>
          New id (owner/name)
          <input
            id="repo-new-id"
            className="input"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            pattern={ID_PATTERN}
            title="owner/name: letters, digits, '-', '_' and '.'"
            required
          />
          <span className="hint">
            The old address keeps working: pages, the API, downloads and git redirect to the new id until
            someone creates a repo under the old name.
          </span>
        </label>
        <div>
          <button className="button" type="submit" disabled={action.busy || target.trim() === info.id}>
            Rename
          </button>
        </div>
        {action.feedback}
      </form>
    </Section>
  );
}

function DeleteSection({ type, info }: { type: RepoType; info: RepoInfo }) {
  const [typed, setTyped] = useState("");
  const action = useAction();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void action
      .run(() => deleteRepo(type, info.id))
      .then((ok) => {
        if (!ok) return;
        queryClient.removeQueries({ queryKey: ["repo-info", type, info.id] });
        navigate(paths.owner(info.id.split("/")[0]));
      });
  }
  return (
    <Section title="Delete this repository" danger>
      <form className="form" onSubmit={onSubmit}>
        <p className="muted">
          This deletes the repository, its files, history and LFS objects for good. It cannot be undone.
        </p>
        <label>
          <span>
            Type <strong>{info.id}</strong> to confirm
          </span>
          <input
            id="repo-delete-confirm"
            className="input"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
          />
        </label>
        <div>
          <button className="button button-danger" type="submit" disabled={action.busy || typed !== info.id}>
            I understand, delete {info.id}
          </button>
        </div>
        {action.feedback}
      </form>
    </Section>
  );
}

function SettingsBody({ type, id }: { type: RepoType; id: string }) {
  const info = useRepoInfo(type, id);
  if (!info.data) return <Skeleton lines={8} />;
  const refresh = () => void info.refetch();
  return (
    <div className="settings-page">
      <VisibilitySection type={type} info={info.data} refresh={refresh} />
      {type !== "space" ? <GatingSection type={type} info={info.data} refresh={refresh} /> : null}
      <RenameSection key={info.data.id} type={type} info={info.data} />
      <Section title="Webhooks">
        <p className="muted">
          Get a JSON POST on your server when this repo changes (commits, pushes, discussions, settings).
        </p>
        <Link
          className="button"
          to={`/settings/webhooks?watch=${encodeURIComponent(`${type}:${info.data.id}`)}`}
        >
          Add a webhook for this repo
        </Link>
      </Section>
      <DeleteSection type={type} info={info.data} />
    </div>
  );
}

/** `/{id}/settings`, `/datasets/{id}/settings`, `/spaces/{id}/settings`: the owner's controls. */
export function RepoSettingsPage() {
  const { type, id } = useRepoRoute();
  return (
    <RepoPageFrame type={type} id={id} tab="settings" title="Settings">
      <RequireUser what="change this repository's settings">
        <SettingsBody type={type} id={id} />
      </RequireUser>
    </RepoPageFrame>
  );
}
