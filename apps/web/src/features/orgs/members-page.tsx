import { useState, type FormEvent } from "react";
import { Link, useParams } from "react-router";
import { ErrorState, Skeleton } from "../../components/ui/status.js";
import { paths } from "../../config/paths.js";
import type { OrgMember, OrgRole } from "@modelhub/api-types";
import { useTitle } from "../../lib/use-title.js";
import { useAuth } from "../../lib/auth/auth-context.js";
import { PrivateDefaultSetting } from "./components/private-default-setting.js";
import { ORG_ROLES, ROLE_HELP, useMemberChanges, useOrgMembers, useOrgOverview } from "../../lib/orgs/api.js";
import { FormError } from "../../components/orgs/form-error.js";
import { Initial, OrgHeader } from "../../components/orgs/org-header.js";
import { orgPaths } from "../../lib/orgs/paths.js";
import "../../components/orgs/orgs.css";
import { orgOverviewState } from "../../components/orgs/org-overview-state.js";

type Changes = ReturnType<typeof useMemberChanges>;

function AddMemberForm({ changes }: { changes: Changes }) {
  const [user, setUser] = useState("");
  const [role, setRole] = useState<OrgRole>("read");
  const { add } = changes;
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    add.mutate({ user: user.trim(), role }, { onSuccess: () => setUser("") });
  }
  return (
    <section className="card" aria-labelledby="add-member-title">
      <h2 id="add-member-title" style={{ marginTop: 0, fontSize: "1.05rem" }}>
        Add a member
      </h2>
      <form onSubmit={onSubmit} className="org-stack" style={{ gap: 12 }}>
        <div className="add-member-row">
          <label>
            Username
            <input
              id="member-username"
              className="input"
              value={user}
              onChange={(e) => setUser(e.target.value)}
              required
              autoComplete="off"
              placeholder="an existing user's name"
            />
          </label>
          <label>
            Role
            <select
              id="member-role"
              className="input"
              value={role}
              onChange={(e) => setRole(e.target.value as OrgRole)}
            >
              {ORG_ROLES.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </label>
          <button className="button button-primary" type="submit" disabled={add.isPending}>
            {add.isPending ? "Adding…" : "Add member"}
          </button>
        </div>
        <FormError error={add.error} />
        {add.isSuccess && !add.isPending ? (
          <p className="notice notice-ok" role="status" style={{ margin: 0 }}>
            {add.data.user} is now a member ({add.data.role}).
          </p>
        ) : null}
      </form>
    </section>
  );
}

function MemberRow({
  member,
  me,
  canManage,
  lastAdmin,
  changes,
}: {
  member: OrgMember;
  me?: string;
  canManage: boolean;
  lastAdmin: boolean;
  changes: Changes;
}) {
  const isMe = me !== undefined && me.toLowerCase() === member.user.toLowerCase();
  const busy = changes.changeRole.isPending || changes.remove.isPending;
  const guard = lastAdmin ? "An organisation keeps at least one admin" : undefined;
  return (
    <tr data-member={member.user}>
      <td>
        <span className="member-cell">
          <Initial name={member.user} small user />
          <Link to={orgPaths.profile(member.user)}>{member.user}</Link>
          {isMe ? <span className="tag">you</span> : null}
        </span>
      </td>
      <td>
        {canManage ? (
          <select
            className="input"
            aria-label={`Role of ${member.user}`}
            value={member.role}
            disabled={busy || lastAdmin}
            title={guard}
            onChange={(e) =>
              changes.changeRole.mutate({ user: member.user, role: e.target.value as OrgRole })
            }
          >
            {ORG_ROLES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        ) : (
          <span className={`tag role-tag ${member.role}`}>{member.role}</span>
        )}
      </td>
      {canManage ? (
        <td className="actions">
          <button
            type="button"
            className="button button-small button-danger"
            disabled={busy || lastAdmin}
            title={guard}
            aria-label={`Remove ${member.user}`}
            onClick={() => {
              const what = isMe
                ? "Leave this organisation? You will lose access to its private repos."
                : `Remove ${member.user} from this organisation?`;
              if (window.confirm(what)) changes.remove.mutate(member.user);
            }}
          >
            {isMe ? "Leave" : "Remove"}
          </button>
        </td>
      ) : null}
    </tr>
  );
}

function MemberTable({ org, members, canManage }: { org: string; members: OrgMember[]; canManage: boolean }) {
  const { user } = useAuth();
  const changes = useMemberChanges(org);
  const admins = members.filter((member) => member.role === "admin").length;
  return (
    <div className="org-stack">
      {canManage ? <AddMemberForm changes={changes} /> : null}
      <section aria-labelledby="member-list-title">
        <div className="section-header">
          <h2 id="member-list-title" style={{ margin: 0, fontSize: "1.05rem" }}>
            Members <span className="muted small">{members.length}</span>
          </h2>
        </div>
        <div className="card" style={{ padding: 0, overflowX: "auto" }}>
          <table className="member-table" data-testid="member-list">
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Role</th>
                {canManage ? (
                  <th scope="col" className="actions">
                    <span className="visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <MemberRow
                  key={member.user}
                  member={member}
                  me={user?.name}
                  canManage={canManage}
                  lastAdmin={member.role === "admin" && admins <= 1}
                  changes={changes}
                />
              ))}
            </tbody>
          </table>
        </div>
        <div style={{ marginTop: 10 }}>
          <FormError error={changes.changeRole.error ?? changes.remove.error} />
        </div>
      </section>
    </div>
  );
}

export function OrgMembersPage() {
  const { org = "" } = useParams();
  const { user, signedIn, checking } = useAuth();
  const overview = useOrgOverview(org);
  const members = useOrgMembers(org, overview.isSuccess);
  const name = overview.data?.name ?? org;
  useTitle(`${name} · Members`);

  const fallback = orgOverviewState(overview);
  if (fallback || !overview.data) return fallback;

  const myRole = members.data?.find((m) => user && m.user.toLowerCase() === user.name.toLowerCase())?.role;
  const canManage = myRole === "admin";
  return (
    <>
      <OrgHeader name={name} fullname={overview.data.fullname} current="members" />
      <div className="container org-body">
        <div style={{ minWidth: 0 }}>
          {!checking && !canManage ? (
            <p className="notice notice-info" style={{ marginTop: 0 }}>
              {myRole
                ? `You are a ${myRole} member. Only admins of ${name} can add members or change roles.`
                : signedIn
                  ? `You are not a member of ${name}. Its admins manage who belongs to it.`
                  : "Sign in as an admin of this organisation to manage its members."}{" "}
              {!signedIn ? <Link to={paths.signIn(orgPaths.members(name))}>Sign in</Link> : null}
            </p>
          ) : null}
          {members.isPending ? (
            <Skeleton lines={5} />
          ) : members.isError ? (
            <ErrorState error={members.error} retry={() => void members.refetch()} />
          ) : (
            <MemberTable org={name} members={members.data} canManage={canManage} />
          )}
          {canManage ? <PrivateDefaultSetting org={overview.data} /> : null}
        </div>
        <aside className="card" aria-labelledby="roles-title">
          <h2 id="roles-title" style={{ marginTop: 0, fontSize: "1rem" }}>
            Roles
          </h2>
          <ul className="role-legend">
            {ORG_ROLES.map((role) => (
              <li key={role}>
                <strong>{role}</strong>: {ROLE_HELP[role]}
              </li>
            ))}
          </ul>
          <p className="small muted" style={{ marginBottom: 0 }}>
            An organisation always keeps at least one admin.
          </p>
        </aside>
      </div>
    </>
  );
}
