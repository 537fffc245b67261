import { NotFoundState } from "../../components/ui/status.js";
import { useTitle } from "../../lib/use-title.js";

export function NotFoundPage() {
  useTitle("Not found");
  return <NotFoundState />;
}
