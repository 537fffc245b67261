import { Link, useNavigate, useSearchParams } from "react-router";
import { EmptyState, ErrorState, Skeleton } from "../../components/ui/status.js";
import { useTitle } from "../../lib/use-title.js";
import { RequireUser } from "../../components/auth/require-user.js";
import { useCreateWebhook, useWebhooks } from "./api.js";
import { watchedLabel, webhookPath } from "./labels.js";
import { WebhookForm, watchedFromQuery } from "./webhook-form.js";
import "./webhooks.css";

function WebhookList() {
  const hooks = useWebhooks();
  if (hooks.isPending) return <Skeleton lines={3} />;
  if (hooks.isError) return <ErrorState error={hooks.error} retry={() => void hooks.refetch()} />;
  if (hooks.data.length === 0)
    return <EmptyState title="No webhooks yet">Create one below to get events as JSON POSTs.</EmptyState>;
  return (
    <ul className="card webhook-list" data-testid="webhook-list">
      {hooks.data.map((hook) => (
        <li key={hook.id}>
          <Link to={webhookPath(hook.id)} className="mono webhook-url">
            {hook.url}
          </Link>
          <span className={`tag ${hook.disabled ? "webhook-off" : "webhook-on"}`}>
            {hook.disabled ? "disabled" : "active"}
          </span>
          <div className="small muted">
            {hook.watched.map(watchedLabel).join(", ")} · {hook.domains.join(", ")}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function WebhooksPage() {
  useTitle("Webhooks");
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const create = useCreateWebhook();
  const watched = watchedFromQuery(search.get("watch"));
  return (
    <div className="container page-narrow">
      <h1>Webhooks</h1>
      <p className="muted">
        A webhook POSTs a JSON event (the Hub's payload) to your URL when a watched repo, or any repo of a
        watched user or organisation, changes. Failed deliveries are retried with growing pauses; every
        attempt is in the webhook's log, where you can also replay a delivery.
      </p>
      <RequireUser what="manage your webhooks">
        <div style={{ display: "flex", flexDirection: "column", gap: 18 }}>
          <section aria-labelledby="webhook-list-title">
            <h2 id="webhook-list-title">Your webhooks</h2>
            <WebhookList />
          </section>
          <section className="card" aria-labelledby="webhook-create-title">
            <h2 id="webhook-create-title">New webhook</h2>
            <WebhookForm
              initial={{
                url: "",
                secret: "",
                domains: ["repo", "discussion"],
                watched: watched ? [watched] : [],
              }}
              submitLabel="Create webhook"
              busy={create.isPending}
              onSubmit={(input) =>
                create.mutate(input, { onSuccess: (hook) => void navigate(webhookPath(hook.id)) })
              }
            />
            {create.isError ? (
              <p className="notice notice-error" role="alert">
                {create.error.message}
              </p>
            ) : null}
          </section>
        </div>
      </RequireUser>
    </div>
  );
}
