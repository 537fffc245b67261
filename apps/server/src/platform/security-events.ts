import type { Logger } from "./logger.js";

/**
 * Every security-relevant account event, in one place: sign-ins (any method), failed sign-ins,
 * sign-outs, session revocations, 2FA changes, SSO / SCIM settings changes and SCIM provisioning.
 * Today each is one structured log line; an audit log hooks in here (`record`) without touching the
 * routes that report them.
 */
export type SecurityEvent =
  | { type: "sign-in"; user: string; method: string; address?: string }
  | { type: "sign-in-failed"; user?: string; method: string; reason: string; address?: string }
  | { type: "sign-out"; user: string }
  | { type: "session-revoked"; user: string; by: string; sessions: number }
  | { type: "account-created"; user: string; via: string }
  | { type: "identity-linked"; user: string; provider: string; via: string }
  | { type: "org-role-synced"; user: string; org: string; role: string | null; via: string }
  | { type: "2fa-enabled" | "2fa-disabled" | "recovery-codes-renewed"; user: string; by: string }
  | { type: "recovery-code-used"; user: string; remaining: number }
  | { type: "sso-settings-changed"; org: string; by: string; change: string }
  | { type: "scim-token-created" | "scim-token-revoked"; org: string; by: string; tokenId: string }
  | { type: "scim-change"; org: string; user?: string; change: string }
  | { type: "account-disabled" | "account-enabled"; user: string; by: string };

export type SecurityEventSink = (event: SecurityEvent) => void;

export class SecurityEvents {
  private readonly sinks: SecurityEventSink[] = [];

  constructor(private readonly logger?: Logger) {}

  /** Adds a listener (the audit log, tests). */
  subscribe(sink: SecurityEventSink): void {
    this.sinks.push(sink);
  }

  record(event: SecurityEvent): void {
    this.logger?.info({ security: event }, `security: ${event.type}`);
    for (const sink of this.sinks) {
      try {
        sink(event);
      } catch (err) {
        this.logger?.error({ err }, "a security event listener failed");
      }
    }
  }
}
