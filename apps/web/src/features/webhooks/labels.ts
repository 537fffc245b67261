import type { WebhookWatchedItem } from "@modelhub/api-types";

export const webhookPath = (id: string) => `/settings/webhooks/${encodeURIComponent(id)}`;

export function watchedLabel(item: WebhookWatchedItem): string {
  return `${item.type} ${item.name}`;
}
