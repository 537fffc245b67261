import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OrgOverview } from "@modelhub/api-types";
import { requestJson } from "../../../lib/api-client.js";
import { FormError } from "../../../components/orgs/form-error.js";

/** Admin switch: repos created in the org without an explicit visibility start private. */
export function PrivateDefaultSetting({ org }: { org: OrgOverview }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (value: boolean) =>
      requestJson<OrgOverview>(`/api/organizations/${encodeURIComponent(org.name)}/settings`, {
        method: "PUT",
        json: { privateReposByDefault: value },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["org-overview", org.name.toLowerCase()] }),
  });
  return (
    <div className="card" style={{ marginTop: 16 }}>
      <label className="radio-row">
        <input
          type="checkbox"
          checked={org.privateReposByDefault}
          disabled={change.isPending}
          onChange={(event) => change.mutate(event.target.checked)}
        />
        New repositories are private by default
      </label>
      <p className="small muted" style={{ marginBottom: 0 }}>
        Applies when a repo is created in {org.name} without choosing public or private.
      </p>
      <FormError error={change.error} />
    </div>
  );
}
