import { AsyncLocalStorage } from "node:async_hooks";
import os from "node:os";

/** Who an event is attributed to. */
export interface AuditActor {
  id: string | null;
  name: string | null;
  type: "user" | "system" | "anonymous";
}

/** The personal access token a request used (never its value). */
export interface AuditCredential {
  type: "access_token";
  id: string;
  role: string;
  last4: string | null;
}

/** Where a request came from: the TCP peer and its User-Agent. */
export interface AuditOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** What an event recorded now is attributed to, unless the caller says otherwise. */
export interface AuditContext {
  actor: AuditActor;
  token?: AuditCredential;
  origin: AuditOrigin;
}

export const SYSTEM_ACTOR: AuditActor = { id: null, name: null, type: "system" };
const MAX_USER_AGENT = 300;

const storage = new AsyncLocalStorage<AuditContext>();

/**
 * Runs `work` with `context` as the attribution of every event it records, down every async path it
 * starts (the HTTP layer wraps each request in the signed-in user's context; commands wrap theirs).
 */
export function runWithAuditContext<T>(context: AuditContext, work: () => T): T {
  return storage.run(context, work);
}

/** The current attribution: the request's user, or the hub itself outside any request. */
export function currentAuditContext(): AuditContext {
  return storage.getStore() ?? { actor: SYSTEM_ACTOR, origin: { ip: null, userAgent: null } };
}

/** A user actor. */
export function userActor(id: string | null, name: string): AuditActor {
  return { id, name, type: "user" };
}

export function auditOrigin(ip: string | undefined, userAgent: string | undefined): AuditOrigin {
  return {
    ip: ip && ip !== "unknown" ? ip : null,
    userAgent: userAgent ? userAgent.slice(0, MAX_USER_AGENT) : null,
  };
}

/** The context of a `modelhub` command run by an operator: the hub itself, from this machine's account. */
export function commandAuditContext(command: string): AuditContext {
  let account = "unknown";
  try {
    account = os.userInfo().username;
  } catch {
    // no passwd entry (containers): keep "unknown"
  }
  return {
    actor: SYSTEM_ACTOR,
    origin: {
      ip: null,
      userAgent: `modelhub ${command} (${account}@${os.hostname()})`.slice(0, MAX_USER_AGENT),
    },
  };
}
