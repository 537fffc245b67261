/** A webhook of a user: where to POST, what it watches (JSON arrays), and whether it is on. */
export interface WebhookTable {
  id: string;
  /** User name of the creator; only they see and manage it. */
  owner: string;
  url: string;
  secret: string | null;
  /** JSON `["repo", "discussion"]` */
  domains: string;
  /** JSON `[{type, name}]` */
  watched: string;
  disabled: number;
  created_at: string;
  updated_at: string;
}

/** One event to deliver to one webhook; the queue survives restarts because it is this table. */
export interface WebhookDeliveryTable {
  id: string;
  webhook_id: string;
  /** Identifies the event (a ref move, a discussion event…): the same event is queued once per webhook. */
  event_key: string;
  scope: string;
  action: string;
  repo_name: string;
  payload: string;
  state: "pending" | "delivering" | "succeeded" | "failed";
  attempts: number;
  /** Epoch milliseconds. */
  next_attempt_at: number;
  created_at: string;
  updated_at: string;
  replay_of: string | null;
}

export interface WebhookAttemptTable {
  id: string;
  delivery_id: string;
  attempt: number;
  started_at: string;
  duration_ms: number;
  response_status: number | null;
  error: string | null;
  response_excerpt: string | null;
}

export type WebhookTables = {
  webhooks: WebhookTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_attempts: WebhookAttemptTable;
};
