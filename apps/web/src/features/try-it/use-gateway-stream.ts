import { useCallback, useEffect, useRef, useState } from "react";
import { describeFailure, streamFromGateway, type GatewayRoute } from "./gateway-client.js";

/** How a streamed call ended. */
export type StreamEnd = { kind: "done" } | { kind: "stopped" } | { kind: "failed"; message: string };

/** One streamed gateway call at a time, which Stop (or leaving the page) aborts. */
export function useGatewayStream() {
  const controller = useRef<AbortController | undefined>(undefined);
  const [running, setRunning] = useState(false);
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (
      route: GatewayRoute,
      body: Record<string, unknown>,
      onText: (text: string) => void,
    ): Promise<StreamEnd> => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setRunning(true);
      try {
        await streamFromGateway(route, body, current.signal, onText);
        return { kind: "done" };
      } catch (error) {
        if (current.signal.aborted) return { kind: "stopped" };
        return { kind: "failed", message: describeFailure(error) };
      } finally {
        if (controller.current === current) {
          controller.current = undefined;
          setRunning(false);
        }
      }
    },
    [],
  );
  const stop = useCallback(() => controller.current?.abort(), []);
  return { running, run, stop };
}
