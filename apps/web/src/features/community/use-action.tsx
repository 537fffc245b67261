import { useState } from "react";

/** One user action: its busy state and the hub's error, shown in place right under the control. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function run(action: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      return true;
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Something went wrong.");
      return false;
    } finally {
      setBusy(false);
    }
  }
  const feedback = error ? (
    <p className="notice notice-error" role="alert">
      {error}
    </p>
  ) : null;
  return { busy, error, run, feedback, clear: () => setError(undefined) };
}
