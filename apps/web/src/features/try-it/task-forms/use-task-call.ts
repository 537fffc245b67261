import { useRef, useState } from "react";
import { describeFailure } from "../gateway-client.js";
import { callTaskForm, type FormAnswer, type FormPayload } from "./call.js";

/** One task call at a time from a form: running, the last answer or error, and Stop. */
export function useTaskCall(modelId: string) {
  const [answer, setAnswer] = useState<FormAnswer>();
  const [error, setError] = useState<string>();
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | undefined>(undefined);

  async function run(payload: FormPayload, accept?: string): Promise<void> {
    if (running) return;
    const abort = new AbortController();
    controller.current = abort;
    setRunning(true);
    setError(undefined);
    try {
      setAnswer(await callTaskForm(modelId, payload, abort.signal, accept));
    } catch (failure) {
      if (!abort.signal.aborted) setError(describeFailure(failure));
    } finally {
      setRunning(false);
    }
  }

  return { answer, error, running, run, stop: () => controller.current?.abort() };
}
