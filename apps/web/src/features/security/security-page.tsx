import { useState, type FormEvent } from "react";
import { QRCodeSVG } from "qrcode.react";
import { CopyButton } from "../../components/ui/copy-button.js";
import { ErrorState, Skeleton } from "../../components/ui/status.js";
import { RequireUser } from "../../components/auth/require-user.js";
import { SessionList } from "../../components/auth/session-list.js";
import { formatDate } from "../../lib/format.js";
import { useTitle } from "../../lib/use-title.js";
import { useTwoFactor, useTwoFactorChanges } from "./api.js";
import "./security.css";

type Changes = ReturnType<typeof useTwoFactorChanges>;

function CodeForm({
  label,
  action,
  danger,
  pending,
  onCode,
}: {
  label: string;
  action: string;
  danger?: boolean;
  pending: boolean;
  onCode: (code: string) => void;
}) {
  const [code, setCode] = useState("");
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    onCode(code.trim());
  }
  return (
    <form className="code-form" onSubmit={onSubmit}>
      <label>
        {label}
        <input
          className="input mono"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="123456"
          required
          maxLength={64}
        />
      </label>
      <button
        className={`button ${danger ? "button-danger" : "button-primary"}`}
        type="submit"
        disabled={pending}
      >
        {action}
      </button>
    </form>
  );
}

function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <div className="recovery-codes" role="status">
      <p>
        <strong>Your recovery codes.</strong> Each signs you in once if you lose your phone. Keep them
        somewhere safe: they are shown only now.
      </p>
      <ul data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="mono">
            {code}
          </li>
        ))}
      </ul>
      <CopyButton text={codes.join("\n")} label="Copy codes" />
    </div>
  );
}

function Enrolment({ changes }: { changes: Changes }) {
  const { setup, enable } = changes;
  if (enable.data) return <RecoveryCodeList codes={enable.data.recoveryCodes} />;
  if (!setup.data)
    return (
      <div>
        <p className="muted">
          Protect your password with a code from an authenticator app (any app that supports TOTP, such as
          Google Authenticator, Microsoft Authenticator, 1Password or FreeOTP).
        </p>
        <button
          className="button button-primary"
          type="button"
          disabled={setup.isPending}
          onClick={() => setup.mutate()}
        >
          Set up two-factor authentication
        </button>
        {setup.isError ? <ErrorState error={setup.error} /> : null}
      </div>
    );
  return (
    <div className="enrolment">
      <div className="qr" aria-label="QR code for your authenticator app">
        <QRCodeSVG
          value={setup.data.uri}
          size={168}
          marginSize={2}
          title="Scan with your authenticator app"
        />
      </div>
      <div className="enrolment-steps">
        <ol>
          <li>Scan the QR code with your authenticator app, or type this key into it:</li>
        </ol>
        <p className="secret-key">
          <code data-testid="totp-secret">{setup.data.secret}</code>{" "}
          <CopyButton text={setup.data.secret} label="Copy key" />
        </p>
        <ol start={2}>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <CodeForm
          label="Code"
          action="Turn on"
          pending={enable.isPending}
          onCode={(code) => enable.mutate(code)}
        />
        {enable.isError ? <ErrorState error={enable.error} /> : null}
      </div>
    </div>
  );
}

function TwoFactorCard() {
  const status = useTwoFactor();
  const changes = useTwoFactorChanges();
  if (status.isPending) return <Skeleton lines={3} />;
  if (status.isError) return <ErrorState error={status.error} retry={() => void status.refetch()} />;
  const state = status.data;
  if (!state.available)
    return (
      <p className="muted">
        You sign in through your company&apos;s identity provider: its own two-factor settings protect this
        account.
      </p>
    );
  if (!state.enabled) return <Enrolment changes={changes} />;
  return (
    <div className="two-factor-on">
      <p>
        <span className="tag tag-ok">On</span> since {state.enabledAt ? formatDate(state.enabledAt) : "—"} ·{" "}
        {state.recoveryCodesLeft} recovery {state.recoveryCodesLeft === 1 ? "code" : "codes"} left
      </p>
      {changes.enable.data ? <RecoveryCodeList codes={changes.enable.data.recoveryCodes} /> : null}
      {changes.renew.data ? <RecoveryCodeList codes={changes.renew.data.recoveryCodes} /> : null}
      <div className="two-factor-actions">
        <div>
          <h3>New recovery codes</h3>
          <CodeForm
            label="Current code"
            action="Make new codes"
            pending={changes.renew.isPending}
            onCode={(code) => changes.renew.mutate(code)}
          />
          {changes.renew.isError ? <ErrorState error={changes.renew.error} /> : null}
        </div>
        <div>
          <h3>Turn off</h3>
          <CodeForm
            label="Current or recovery code"
            action="Turn off 2FA"
            danger
            pending={changes.disable.isPending}
            onCode={(code) => changes.disable.mutate(code)}
          />
          {changes.disable.isError ? <ErrorState error={changes.disable.error} /> : null}
        </div>
      </div>
    </div>
  );
}

/** Account security: two-factor authentication and the browsers signed in. */
export function SecurityPage() {
  useTitle("Account security");
  return (
    <RequireUser what="manage your account security">
      <div className="container page-narrow security-page">
        <h1>Account security</h1>
        <section className="card" aria-labelledby="two-factor-title">
          <h2 id="two-factor-title">Two-factor authentication</h2>
          <TwoFactorCard />
        </section>
        <section aria-labelledby="sessions-title">
          <h2 id="sessions-title">Signed-in browsers</h2>
          <p className="small muted">
            Sign out a browser you no longer use. Access tokens are listed on the tokens page.
          </p>
          <SessionList />
        </section>
      </div>
    </RequireUser>
  );
}
