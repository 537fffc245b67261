import { Link, useParams } from "react-router";
import { ErrorState, NotFoundState, Skeleton } from "../../components/ui/status.js";
import { paths } from "../../config/paths.js";
import { isNotFound } from "../../lib/api-error.js";
import type { OrgMember, RepoType } from "@modelhub/api-types";
import { formatCount, formatDate } from "../../lib/format.js";
import { useTitle } from "../../lib/use-title.js";
import { useAuth } from "../../lib/auth/auth-context.js";
import { useRepoList } from "../../lib/repos/api/list-repos.js";
import { RepoGrid } from "../../components/repos/repo-card.js";
import { OwnerCollections } from "../../components/collections/owner-collections.js";
import { useOrgMembers, useOrgOverview, useUserOverview } from "../../lib/orgs/api.js";
import { Initial, OrgHeader } from "../../components/orgs/org-header.js";
import { orgPaths } from "../../lib/orgs/paths.js";
import "../../components/orgs/orgs.css";

const SHOWN = 6;
const KINDS: { type: RepoType; title: string }[] = [
  { type: "model", title: "Models" },
  { type: "dataset", title: "Datasets" },
  { type: "space", title: "Spaces" },
  { type: "kernel", title: "Kernels" },
];

function OwnerRepos({ owner, type, title }: { owner: string; type: RepoType; title: string }) {
  const list = useRepoList(type, { author: owner, sort: "lastModified", limit: SHOWN });
  const total = list.data?.total ?? list.data?.items.length;
  // few owners publish kernels: the section shows only for those who do
  if (type === "kernel" && list.data?.items.length === 0) return null;
  return (
    <section className="org-section" aria-labelledby={`owner-${type}s`}>
      <div className="section-header">
        <h2 id={`owner-${type}s`}>
          {title} {total !== undefined ? <span className="muted small">{formatCount(total)}</span> : null}
        </h2>
        {total ? (
          <Link className="small" to={paths.listing(type, new URLSearchParams({ author: owner }))}>
            See all
          </Link>
        ) : null}
      </div>
      {list.isPending ? (
        <Skeleton lines={2} />
      ) : list.isError ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="small muted" style={{ margin: 0 }}>
          No {title.toLowerCase()} yet.
        </p>
      ) : (
        <RepoGrid repos={list.data.items} type={type} />
      )}
    </section>
  );
}

function MemberSidebar({ org, members, isAdmin }: { org: string; members: OrgMember[]; isAdmin: boolean }) {
  return (
    <aside className="card" aria-labelledby="org-members-title">
      <div className="section-header" style={{ marginBottom: 10 }}>
        <h2 id="org-members-title" style={{ margin: 0, fontSize: "1rem" }}>
          Members <span className="muted small">{members.length}</span>
        </h2>
        <Link className="small" to={orgPaths.members(org)}>
          {isAdmin ? "Manage" : "View all"}
        </Link>
      </div>
      {members.length === 0 ? (
        <p className="small muted">No members.</p>
      ) : (
        <ul className="member-list" data-testid="org-members">
          {members.map((member) => (
            <li key={member.user}>
              <Initial name={member.user} small user />
              <Link className="member-name" to={orgPaths.profile(member.user)}>
                {member.user}
              </Link>
              <span className={`tag role-tag ${member.role}`}>{member.role}</span>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}

function OrgProfile({ name }: { name: string }) {
  const overview = useOrgOverview(name);
  const members = useOrgMembers(name);
  const { user } = useAuth();
  const org = overview.data;
  useTitle(org?.fullname ?? name);
  if (!org) return null;
  const myRole = members.data?.find((m) => user && m.user.toLowerCase() === user.name.toLowerCase())?.role;
  const isAdmin = myRole === "admin";
  return (
    <>
      <OrgHeader
        name={org.name}
        fullname={org.fullname}
        current="profile"
        details={
          <span>
            {formatCount(org.numUsers)} {org.numUsers === 1 ? "member" : "members"} · since{" "}
            {formatDate(org.createdAt)}
          </span>
        }
        actions={
          isAdmin ? (
            <Link className="button button-small" to={orgPaths.members(org.name)}>
              Settings
            </Link>
          ) : myRole ? (
            <span className="tag">You are {myRole === "write" ? "a writer" : "a reader"} here</span>
          ) : null
        }
      />
      <div className="container org-body">
        <div style={{ minWidth: 0 }}>
          {KINDS.map((kind) => (
            <OwnerRepos key={kind.type} owner={org.name} {...kind} />
          ))}
          <OwnerCollections owner={org.name} />
        </div>
        {members.isPending ? (
          <Skeleton lines={4} />
        ) : members.isError ? (
          <ErrorState error={members.error} />
        ) : (
          <MemberSidebar org={org.name} members={members.data} isAdmin={isAdmin} />
        )}
      </div>
    </>
  );
}

function UserProfile({ name }: { name: string }) {
  const profile = useUserOverview(name, true);
  useTitle(profile.data?.user ?? name);
  if (profile.isPending)
    return (
      <div className="container" style={{ paddingTop: 24 }}>
        <Skeleton lines={6} />
      </div>
    );
  if (profile.isError)
    return isNotFound(profile.error) ? (
      <NotFoundState what="page" />
    ) : (
      <div className="container">
        <ErrorState error={profile.error} retry={() => void profile.refetch()} />
      </div>
    );
  const who = profile.data;
  return (
    <>
      <header className="org-header">
        <div className="container org-header-inner">
          <Initial name={who.user} user />
          <div>
            <h1>{who.fullname || who.user}</h1>
            <div className="org-handle">{who.user}</div>
          </div>
        </div>
      </header>
      <div className="container org-body">
        <div style={{ minWidth: 0 }}>
          {KINDS.map((kind) => (
            <OwnerRepos key={kind.type} owner={who.user} {...kind} />
          ))}
          <OwnerCollections owner={who.user} />
        </div>
        <aside className="card" aria-labelledby="user-orgs-title">
          <h2 id="user-orgs-title" style={{ marginTop: 0, fontSize: "1rem" }}>
            Organisations
          </h2>
          {who.orgs.length === 0 ? (
            <p className="small muted" style={{ margin: 0 }}>
              Not a member of any organisation.
            </p>
          ) : (
            <ul className="member-list">
              {who.orgs.map((org) => (
                <li key={org.name}>
                  <Initial name={org.fullname || org.name} small />
                  <Link className="member-name" to={orgPaths.profile(org.name)}>
                    {org.fullname || org.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>
    </>
  );
}

/** `/{name}`: an organisation's profile (repos, members) or, for a user, their repos and organisations. */
export function OwnerPage() {
  const { owner = "" } = useParams();
  const org = useOrgOverview(owner);
  if (org.isPending)
    return (
      <div className="container" style={{ paddingTop: 24 }}>
        <Skeleton lines={6} />
      </div>
    );
  if (org.isError) {
    if (isNotFound(org.error)) return <UserProfile name={owner} />;
    return (
      <div className="container">
        <ErrorState error={org.error} retry={() => void org.refetch()} />
      </div>
    );
  }
  return <OrgProfile name={owner} />;
}
