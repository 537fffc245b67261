/** Gated repositories: the viewer's standing, asking for access, and the owners' request lists. */

import type { GatedMode } from "./repos.js";

export type AccessRequestStatus = "pending" | "accepted" | "rejected";

export interface GatedFieldOption {
  label: string;
  value: string;
}

/** `GET /api/{kind}/{id}/user-access-request/me` */
export interface GateState {
  gated: GatedMode;
  hasAccess: boolean;
  status: AccessRequestStatus | null;
  rejectionReason: string | null;
  canManage: boolean;
  /** The card's `extra_gated_fields`: label → kind (`text`, `checkbox`, `date_picker`, `country`, `select`). */
  fields: Record<string, string>;
  /** Choices of the `select` fields: label → options (stored value and shown label). */
  fieldOptions: Record<string, GatedFieldOption[]>;
}

/** `POST /api/{kind}/{id}/ask-access` */
export interface AskAccessResponse {
  status: AccessRequestStatus;
  hasAccess: boolean;
}

/** One item of `GET /api/{kind}/{id}/user-access-request/{status}` (owners only). */
export interface AccessRequest {
  user: { user: string; fullname: string; email: string | null; type: "user" };
  status: AccessRequestStatus;
  timestamp: string;
  reviewedAt?: string;
  grantedBy?: { user: string };
  fields: Record<string, string> | null;
}
