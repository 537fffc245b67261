/** The audit log: events in the Hub's export shape, pages of them, and the verification report. */

/** Who did it: a user (signed in, or the name a failed sign-in claimed), the hub itself, or nobody known. */
export interface AuditAuthor {
  _id: string | null;
  user: string | null;
  type: "user" | "system" | "anonymous";
}

/** The credential a request carried when it was a personal access token (never its value). */
export interface AuditToken {
  type: "access_token";
  id: string;
  role: string;
  /** Last four characters of the token, as token lists show them. */
  last4: string | null;
}

/** One event, as `GET /api/organizations/{org}/audit-log/export` and the admin API return it. */
export interface AuditEvent {
  _id: string;
  createdAt: string;
  /** `scope.action`, from the catalogue (`repo.create`, `org.add_user`, …). */
  type: string;
  data: Record<string, unknown>;
  message: string;
  ip: string | null;
  userAgent: string | null;
  author: AuditAuthor;
  /** Present when the action was done with a personal access token. */
  token?: AuditToken;
  /** ModelHub's own: the organisation or user the event concerns, if any. */
  namespace: string | null;
  /** ModelHub's own: position in the hub's hash chain, and the chain links. */
  seq: number;
  prevHash: string;
  hash: string;
}

/** A page of events, newest first; `nextCursor` fetches the older ones (null at the end). */
export interface AuditPage {
  events: AuditEvent[];
  nextCursor: string | null;
}

/** One type of the catalogue (`GET /api/audit-log/catalogue`). */
export interface AuditCatalogueEntry {
  type: string;
  scope: string;
  description: string;
}

/** `GET /api/admin/audit-log/verify` and `modelhub audit verify`: the chain check. */
export interface AuditVerifyReport {
  ok: boolean;
  checked: number;
  firstSeq: number | null;
  lastSeq: number | null;
  retention: { throughSeq: number; pruned: number; signedAt: string } | null;
  problem?: {
    kind: "altered" | "deleted" | "reordered" | "truncated" | "summary" | "head";
    seq: number;
    id?: string;
    message: string;
  };
}
