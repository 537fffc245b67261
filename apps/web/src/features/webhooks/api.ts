import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  WebhookDeliveryList,
  WebhookDomain,
  WebhookInfo,
  WebhookReplayResponse,
  WebhookResponse,
  WebhookWatchedItem,
} from "@modelhub/api-types";
import { requestJson } from "../../lib/api-client.js";

const BASE = "/api/settings/webhooks";
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** What the create and edit forms send. */
export interface WebhookInput {
  url: string;
  watched: WebhookWatchedItem[];
  domains: WebhookDomain[];
  secret: string;
}

export function useWebhooks() {
  return useQuery({ queryKey: ["webhooks"], queryFn: () => requestJson<WebhookInfo[]>(BASE) });
}

export function useWebhook(id: string) {
  return useQuery({
    queryKey: ["webhooks", id],
    queryFn: async () => (await requestJson<WebhookResponse>(one(id))).webhook,
  });
}

/** The delivery log; polled while a delivery waits for an attempt or a retry. */
export function useDeliveries(id: string) {
  return useQuery({
    queryKey: ["webhooks", id, "deliveries"],
    queryFn: async () => (await requestJson<WebhookDeliveryList>(`${one(id)}/deliveries`)).deliveries,
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.state === "pending" || d.state === "delivering") ? 1000 : 5000,
  });
}

function useWebhookMutation<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["webhooks"] }),
  });
}

export function useCreateWebhook() {
  return useWebhookMutation(
    async (input: WebhookInput) =>
      (await requestJson<WebhookResponse>(BASE, { json: { ...input, secret: input.secret || undefined } }))
        .webhook,
  );
}

export function useUpdateWebhook(id: string) {
  return useWebhookMutation((input: WebhookInput) =>
    requestJson<WebhookResponse>(one(id), { json: { ...input, secret: input.secret } }),
  );
}

export function useSetWebhookEnabled(id: string) {
  return useWebhookMutation((enabled: boolean) =>
    requestJson<WebhookResponse>(`${one(id)}/${enabled ? "enable" : "disable"}`, { method: "POST" }),
  );
}

export function useDeleteWebhook(id: string) {
  return useWebhookMutation(() => requestJson<unknown>(one(id), { method: "DELETE" }));
}

export function useReplayDelivery(id: string) {
  return useWebhookMutation((deliveryId: string) =>
    requestJson<WebhookReplayResponse>(`${one(id)}/deliveries/${encodeURIComponent(deliveryId)}/replay`, {
      method: "POST",
    }),
  );
}
