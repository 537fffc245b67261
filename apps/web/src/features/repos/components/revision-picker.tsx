import { useNavigate } from "react-router";
import type { RepoType } from "@modelhub/api-types";
import { useRefs } from "../api/get-refs.js";

/** Switches the branch or tag a files/history page shows; `to` builds the page URL for a revision. */
export function RevisionPicker({
  type,
  id,
  revision,
  to,
}: {
  type: RepoType;
  id: string;
  revision: string;
  to: (rev: string) => string;
}) {
  const refs = useRefs(type, id);
  const navigate = useNavigate();
  const branches = refs.data?.branches.map((b) => b.name) ?? [];
  const tags = refs.data?.tags.map((t) => t.name) ?? [];
  const known = [...branches, ...tags].includes(revision);
  return (
    <label className="revision-picker">
      <span className="visually-hidden">Revision</span>
      <select
        className="input"
        value={revision}
        onChange={(event) => navigate(to(event.target.value))}
        disabled={refs.isPending}
      >
        {!known ? (
          <option value={revision}>
            {/^[0-9a-f]{40}$/.test(revision) ? revision.slice(0, 7) : revision}
          </option>
        ) : null}
        {branches.length ? (
          <optgroup label="Branches">
            {branches.map((name) => (
              <option key={`b-${name}`} value={name}>
                ⎇ {name}
              </option>
            ))}
          </optgroup>
        ) : null}
        {tags.length ? (
          <optgroup label="Tags">
            {tags.map((name) => (
              <option key={`t-${name}`} value={name}>
                ◈ {name}
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
    </label>
  );
}
