import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { SignInProviders } from "@modelhub/api-types";
import { Tabs } from "../../components/ui/tabs.js";
import { Skeleton } from "../../components/ui/status.js";
import { login, loginWithToken, useSignInProviders } from "../../features/auth/api/login.js";
import { useAuth } from "../../lib/auth/auth-context.js";
import { ApiError } from "../../lib/api-error.js";
import { useTitle } from "../../lib/use-title.js";
import "../../features/auth/sign-in.css";

type Mode = "password" | "token";

function safeReturnPath(value: string | null): string {
  // Only same-site paths: an absolute URL here would turn sign-in into an open redirect.
  return value && value.startsWith("/") && !value.startsWith("//") && !value.includes("\\") ? value : "/";
}

/** Buttons of the company identity providers (OpenID Connect, SAML): full page navigations. */
function CompanyButtons({ providers, next }: { providers: SignInProviders; next: string }) {
  const buttons = [providers.oidc, providers.saml].filter((p): p is { name: string; url: string } => !!p);
  if (buttons.length === 0) return null;
  return (
    <div className="sso-buttons" aria-label="Company sign-in">
      {buttons.map((provider) => (
        <a
          key={provider.url}
          className="button button-primary sso-button"
          href={`${provider.url}?next=${encodeURIComponent(next)}`}
        >
          Sign in with {provider.name}
        </a>
      ))}
    </div>
  );
}

export function SignInPage() {
  useTitle("Sign in");
  const { signIn, user } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const providers = useSignInProviders();
  const [mode, setMode] = useState<Mode>("password");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [needsCode, setNeedsCode] = useState(false);
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | undefined>(params.get("error") ?? undefined);
  const [busy, setBusy] = useState(false);
  const next = safeReturnPath(params.get("next"));
  const offered = providers.data;
  const passwords = offered ? offered.password || offered.ldap !== undefined : true;
  const activeMode: Mode = passwords ? mode : "token";

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      const accessToken = token.trim();
      if (activeMode === "token" && !accessToken.startsWith("hf_"))
        throw new Error("Access tokens start with hf_.");
      const session =
        activeMode === "password"
          ? await login(username.trim(), password, needsCode ? code.trim() : undefined)
          : await loginWithToken(accessToken);
      signIn(session.csrfToken);
      navigate(next, { replace: true });
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === "TwoFactorRequired") {
        setNeedsCode(true);
        setError(needsCode ? caught.message : undefined);
      } else
        setError(
          caught instanceof ApiError && caught.status === 401
            ? activeMode === "password"
              ? needsCode
                ? "Wrong or already used code, or wrong password."
                : "Wrong username or password."
              : "This token is not valid on this hub."
            : caught instanceof Error
              ? caught.message
              : "Sign-in failed.",
        );
    } finally {
      setBusy(false);
    }
  }

  const passwordLabel = offered?.ldap ? `Password (${offered.ldap.name})` : "Password";
  return (
    <div className="container page-narrow" style={{ maxWidth: 480 }}>
      <h1>Sign in to ModelHub</h1>
      {user ? <p className="notice notice-info">You are signed in as {user.name}.</p> : null}
      {providers.isPending ? (
        <Skeleton lines={1} />
      ) : offered ? (
        <CompanyButtons providers={offered} next={next} />
      ) : null}
      {offered && (offered.oidc || offered.saml) ? (
        <p className="sso-divider small muted" role="separator">
          <span>or</span>
        </p>
      ) : null}
      {passwords ? (
        <Tabs
          label="Sign-in method"
          items={[
            { value: "password", label: "Password" },
            { value: "token", label: "Access token" },
          ]}
          value={activeMode}
          onChange={setMode}
          controls="sign-in-form"
        />
      ) : (
        <p className="small muted">
          Password sign-in is turned off on this hub. Administrators can still sign in with an access token.
        </p>
      )}
      <form id="sign-in-form" role="tabpanel" className="form" onSubmit={onSubmit} style={{ marginTop: 16 }}>
        {activeMode === "password" ? (
          <>
            <label>
              Username
              <input
                id="sign-in-username"
                className="input"
                autoComplete="username"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                required
              />
            </label>
            <label>
              {passwordLabel}
              <input
                id="sign-in-password"
                className="input"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                required
              />
            </label>
            {needsCode ? (
              <label>
                Two-factor code
                <input
                  id="sign-in-code"
                  className="input mono"
                  autoComplete="one-time-code"
                  inputMode="text"
                  autoFocus
                  placeholder="123456 or a recovery code"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  required
                />
                <span className="hint">
                  The 6-digit code of your authenticator app, or one of your recovery codes.
                </span>
              </label>
            ) : null}
          </>
        ) : (
          <label>
            Access token
            <input
              id="sign-in-token"
              className="input mono"
              autoComplete="off"
              placeholder="hf_…"
              value={token}
              onChange={(e) => setToken(e.target.value)}
              required
            />
            <span className="hint">
              A write token from <code>modelhub token create &lt;user&gt; --write</code> or from your tokens
              page. The hub opens a browser session with it; the token itself is not kept.
            </span>
          </label>
        )}
        {error ? (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        ) : null}
        <button className="button button-primary" type="submit" disabled={busy}>
          {busy ? "Signing in…" : needsCode && activeMode === "password" ? "Verify" : "Sign in"}
        </button>
      </form>
      <p className="small muted" style={{ marginTop: 24 }}>
        No account? Ask the hub administrator. <Link to="/">Back home</Link>
      </p>
    </div>
  );
}
