import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ErrorState, Skeleton } from "../../components/ui/status.js";
import { useTitle } from "../../lib/use-title.js";
import { RequireUser } from "../../components/auth/require-user.js";
import { useDeleteWebhook, useSetWebhookEnabled, useUpdateWebhook, useWebhook } from "./api.js";
import { DeliveryLog } from "./delivery-log.js";
import { WebhookForm } from "./webhook-form.js";
import "./webhooks.css";

function WebhookSettings({ id }: { id: string }) {
  const hook = useWebhook(id);
  const update = useUpdateWebhook(id);
  const enable = useSetWebhookEnabled(id);
  const remove = useDeleteWebhook(id);
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  if (hook.isPending) return <Skeleton lines={6} />;
  if (hook.isError) return <ErrorState error={hook.error} />;
  const webhook = hook.data;
  const failure = update.error ?? enable.error ?? remove.error;
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 18 }}>
      <section className="card" aria-label="Status">
        <p style={{ marginTop: 0 }}>
          <span className={`tag ${webhook.disabled ? "webhook-off" : "webhook-on"}`}>
            {webhook.disabled ? "disabled" : "active"}
          </span>{" "}
          <span className="mono">{webhook.url}</span>
        </p>
        <div className="webhook-actions">
          <button
            type="button"
            className="button"
            disabled={enable.isPending}
            onClick={() => enable.mutate(webhook.disabled)}
          >
            {webhook.disabled ? "Enable" : "Disable"}
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm("Delete this webhook and its delivery log?"))
                remove.mutate(undefined, { onSuccess: () => void navigate("/settings/webhooks") });
            }}
          >
            Delete webhook
          </button>
        </div>
        {failure ? (
          <p className="notice notice-error" role="alert">
            {failure.message}
          </p>
        ) : null}
      </section>
      <section aria-labelledby="delivery-log-title">
        <h2 id="delivery-log-title">Deliveries</h2>
        <DeliveryLog webhookId={id} />
      </section>
      <section className="card" aria-labelledby="webhook-edit-title">
        <h2 id="webhook-edit-title">Edit</h2>
        <WebhookForm
          key={webhook.updatedAt}
          initial={{
            url: webhook.url,
            secret: webhook.secret ?? "",
            domains: webhook.domains,
            watched: webhook.watched,
          }}
          submitLabel="Save changes"
          busy={update.isPending}
          onSubmit={(input) => {
            setSaved(false);
            update.mutate(input, { onSuccess: () => setSaved(true) });
          }}
        />
        {saved ? (
          <p className="notice notice-ok" role="status">
            Saved.
          </p>
        ) : null}
      </section>
    </div>
  );
}

export function WebhookPage() {
  const { id = "" } = useParams();
  useTitle("Webhook");
  return (
    <div className="container page-narrow">
      <p className="small">
        <Link to="/settings/webhooks">← All webhooks</Link>
      </p>
      <h1>Webhook</h1>
      <RequireUser what="manage your webhooks">
        <WebhookSettings id={id} />
      </RequireUser>
    </div>
  );
}
