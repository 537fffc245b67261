import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Tabs } from "../../components/ui/tabs.js";
import { login, loginWithToken } from "../../features/auth/api/login.js";
import { useAuth } from "../../features/auth/auth-context.js";
import { ApiError } from "../../lib/api-error.js";
import { useTitle } from "../../lib/use-title.js";

type Mode = "password" | "token";

function safeReturnPath(value: string | null): string {
  // Only same-site paths: an absolute URL here would turn sign-in into an open redirect.
  return value && value.startsWith("/") && !value.startsWith("//") ? value : "/";
}

export function SignInPage() {
  useTitle("Sign in");
  const { signIn, user } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>("password");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [token, setToken] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      const accessToken = token.trim();
      if (mode === "token" && !accessToken.startsWith("hf_"))
        throw new Error("Access tokens start with hf_.");
      const session =
        mode === "password" ? await login(username.trim(), password) : await loginWithToken(accessToken);
      signIn(session.csrfToken);
      navigate(safeReturnPath(params.get("next")), { replace: true });
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status === 401
          ? mode === "password"
            ? "Wrong username or password."
            : "This token is not valid on this hub."
          : caught instanceof Error
            ? caught.message
            : "Sign-in failed.",
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="container page-narrow" style={{ maxWidth: 480 }}>
      <h1>Sign in to ModelHub</h1>
      {user ? <p className="notice notice-info">You are signed in as {user.name}.</p> : null}
      <Tabs
        label="Sign-in method"
        items={[
          { value: "password", label: "Password" },
          { value: "token", label: "Access token" },
        ]}
        value={mode}
        onChange={setMode}
        controls="sign-in-form"
      />
      <form id="sign-in-form" role="tabpanel" className="form" onSubmit={onSubmit} style={{ marginTop: 16 }}>
        {mode === "password" ? (
          <>
            <label>
              Username
              <input
                className="input"
                autoComplete="username"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                required
              />
            </label>
            <label>
              Password
              <input
                className="input"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                required
              />
            </label>
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
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
      <p className="small muted" style={{ marginTop: 24 }}>
        No account? Ask the hub administrator. <Link to="/">Back home</Link>
      </p>
    </div>
  );
}
