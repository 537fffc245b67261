import { EmptyState, ErrorState, Skeleton } from "../ui/status.js";
import { formatDate, formatRelative } from "../../lib/format.js";
import { useRevokeWebSession, useWebSessions } from "../../lib/auth/api/session.js";

const METHODS: Record<string, string> = {
  password: "password",
  "password+totp": "password and authenticator code",
  "password+recovery": "password and recovery code",
  token: "access token",
  oidc: "company sign-in (OpenID Connect)",
  saml: "company sign-in (SAML)",
  ldap: "company directory password",
};

/** The browsers signed in as this user; any but this one can be signed out from here. */
export function SessionList() {
  const sessions = useWebSessions();
  const revoke = useRevokeWebSession();
  if (sessions.isPending) return <Skeleton lines={2} />;
  if (sessions.isError) return <ErrorState error={sessions.error} retry={() => void sessions.refetch()} />;
  if (sessions.data.length === 0) return <EmptyState title="No browser sessions" />;
  return (
    <div className="card" style={{ padding: 0, overflowX: "auto" }}>
      <table className="file-table" data-testid="session-list">
        <tbody>
          {sessions.data.map((session) => (
            <tr key={session.id}>
              <td>
                <strong>{session.current ? "This browser" : "Other browser"}</strong>
                <div className="small muted">{session.userAgent ?? "unknown browser"}</div>
              </td>
              <td className="small muted">
                Signed in {formatDate(session.createdAt)}
                {session.method ? ` with ${METHODS[session.method] ?? session.method}` : ""} · active{" "}
                {formatRelative(session.lastSeenAt)} · ends {formatDate(session.expiresAt)}
              </td>
              <td className="file-size">
                {session.current ? null : (
                  <button
                    type="button"
                    className="button button-small button-danger"
                    disabled={revoke.isPending}
                    aria-label="Sign out this session"
                    onClick={() => revoke.mutate(session.id)}
                  >
                    Sign out
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {revoke.isError ? <ErrorState error={revoke.error} /> : null}
    </div>
  );
}
