/** Webhooks: `/api/settings/webhooks…` (the Hub's shape) and the delivery log of one webhook. */

export type WebhookWatchedType = "user" | "org" | "model" | "dataset" | "space";

export interface WebhookWatchedItem {
  type: WebhookWatchedType;
  name: string;
}

/** `repo` (content, config, create/delete/move) and `discussion` (discussions, PRs, comments). */
export type WebhookDomain = "repo" | "discussion";

export interface WebhookInfo {
  id: string;
  url: string;
  watched: WebhookWatchedItem[];
  domains: WebhookDomain[];
  secret: string | null;
  disabled: boolean;
  job: null;
  createdAt: string;
  updatedAt: string;
}

/** Answer of create, get, update, enable and disable. */
export interface WebhookResponse {
  webhook: WebhookInfo;
}

export type WebhookDeliveryState = "pending" | "delivering" | "succeeded" | "failed";

export interface WebhookAttempt {
  attempt: number;
  startedAt: string;
  durationMs: number;
  /** HTTP status of the receiver's answer; null when none came (refused address, timeout, network). */
  responseStatus: number | null;
  error: string | null;
  /** First bytes of the receiver's answer. */
  responseExcerpt: string | null;
}

export interface WebhookDelivery {
  id: string;
  scope: string;
  action: string;
  repo: string;
  state: WebhookDeliveryState;
  attempts: number;
  /** When the next attempt is due (pending deliveries). */
  nextAttemptAt: string | null;
  createdAt: string;
  /** Set on a replay: the delivery it repeats. */
  replayOf: string | null;
  payload: unknown;
  log: WebhookAttempt[];
}

/** `GET /api/settings/webhooks/{id}/deliveries`, newest first. */
export interface WebhookDeliveryList {
  deliveries: WebhookDelivery[];
}

/** `POST /api/settings/webhooks/{id}/deliveries/{deliveryId}/replay` */
export interface WebhookReplayResponse {
  delivery: WebhookDelivery;
}
