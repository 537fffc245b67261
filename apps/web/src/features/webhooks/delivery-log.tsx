import type { WebhookDelivery } from "@modelhub/api-types";
import { EmptyState, ErrorState, Skeleton } from "../../components/ui/status.js";
import { formatRelative } from "../../lib/format.js";
import { useDeliveries, useReplayDelivery } from "./api.js";

const STATE_LABEL: Record<WebhookDelivery["state"], string> = {
  pending: "waiting",
  delivering: "sending",
  succeeded: "delivered",
  failed: "failed",
};

function DeliveryItem({ delivery, webhookId }: { delivery: WebhookDelivery; webhookId: string }) {
  const replay = useReplayDelivery(webhookId);
  const retried = delivery.log.length > 1;
  return (
    <li className="webhook-delivery" data-testid="webhook-delivery" data-state={delivery.state}>
      <details>
        <summary>
          <span className={`tag webhook-state webhook-state-${delivery.state}`}>
            {STATE_LABEL[delivery.state]}
          </span>{" "}
          <strong className="mono">
            {delivery.scope} · {delivery.action}
          </strong>{" "}
          <span className="mono small">{delivery.repo}</span>{" "}
          <span className="small muted">
            {formatRelative(delivery.createdAt)} · {delivery.attempts} attempt
            {delivery.attempts === 1 ? "" : "s"}
            {retried ? " (retried)" : ""}
            {delivery.replayOf ? " · replay" : ""}
            {delivery.nextAttemptAt && delivery.attempts > 0
              ? ` · next try ${formatRelative(delivery.nextAttemptAt)}`
              : ""}
          </span>
        </summary>
        <table className="file-table webhook-attempts" aria-label="Attempts">
          <thead>
            <tr>
              <th>#</th>
              <th>Answer</th>
              <th>Time</th>
              <th>Details</th>
            </tr>
          </thead>
          <tbody>
            {delivery.log.map((attempt) => (
              <tr key={attempt.attempt} data-testid="webhook-attempt">
                <td>{attempt.attempt}</td>
                <td className="mono">{attempt.responseStatus ?? "—"}</td>
                <td className="small">{attempt.durationMs} ms</td>
                <td className="small">
                  {attempt.error ? <span className="webhook-error">{attempt.error}</span> : null}
                  {attempt.responseExcerpt ? (
                    <code className="webhook-excerpt">{attempt.responseExcerpt}</code>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="small muted">Payload</p>
        <pre className="webhook-payload">{JSON.stringify(delivery.payload, null, 2)}</pre>
        <button
          type="button"
          className="button button-small"
          disabled={replay.isPending}
          onClick={() => replay.mutate(delivery.id)}
        >
          {replay.isPending ? "Replaying…" : "Replay"}
        </button>
        {replay.isError ? (
          <p className="notice notice-error" role="alert">
            {replay.error.message}
          </p>
        ) : null}
        {replay.isSuccess ? (
          <p className="notice notice-ok" role="status">
            Queued again as a new delivery.
          </p>
        ) : null}
      </details>
    </li>
  );
}

/** The newest deliveries of a webhook, each with its attempts (status, time, error, answer) and replay. */
export function DeliveryLog({ webhookId }: { webhookId: string }) {
  const deliveries = useDeliveries(webhookId);
  if (deliveries.isPending) return <Skeleton lines={3} />;
  if (deliveries.isError)
    return <ErrorState error={deliveries.error} retry={() => void deliveries.refetch()} />;
  if (deliveries.data.length === 0)
    return (
      <EmptyState title="No deliveries yet">
        Change a watched repo (push a commit, open a discussion).
      </EmptyState>
    );
  return (
    <ul className="card webhook-deliveries" data-testid="webhook-deliveries">
      {deliveries.data.map((delivery) => (
        <DeliveryItem key={delivery.id} delivery={delivery} webhookId={webhookId} />
      ))}
    </ul>
  );
}
