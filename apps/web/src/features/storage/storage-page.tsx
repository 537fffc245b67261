import { ErrorState, Skeleton } from "../../components/ui/status.js";
import { useTitle } from "../../lib/use-title.js";
import { useAuth } from "../../lib/auth/auth-context.js";
import { RequireUser } from "../../components/auth/require-user.js";
import "../../components/inference-usage/usage.css";
import { useNamespaceStorage } from "./api.js";
import { StorageView } from "./storage-view.js";

function MyStorage() {
  const { user } = useAuth();
  const storage = useNamespaceStorage("user", user?.name ?? "", Boolean(user));
  if (storage.isPending) return <Skeleton lines={4} />;
  if (storage.isError) return <ErrorState error={storage.error} retry={() => void storage.refetch()} />;
  return <StorageView storage={storage.data} />;
}

/** `/settings/storage`: what the signed-in user's repositories take, against their quota. */
export function StoragePage() {
  useTitle("Storage");
  return (
    <div className="container page-narrow">
      <h1>Storage</h1>
      <p className="muted">
        Uploads, commits and pushes that would go past your quota are refused; a site admin sets it.
      </p>
      <RequireUser what="see your storage">
        <MyStorage />
      </RequireUser>
    </div>
  );
}
