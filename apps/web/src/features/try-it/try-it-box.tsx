import { useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Skeleton } from "../../components/ui/status.js";
import { paths } from "../../config/paths.js";
import type { RepoInfo } from "@modelhub/api-types";
import { useAuth } from "../../lib/auth/auth-context.js";
import type { ProviderMappingListItem } from "@modelhub/api-types";
import { ChatView } from "./chat-view.js";
import { CompletionView } from "./completion-view.js";
import { hubServings, useHubBackends, type HubServing } from "../../lib/try-it/hub-backends.js";
import { checkSampling, EMPTY_SAMPLING, gatewayModel, type SamplingFields } from "./options.js";
import { BackendPicker, SamplingInputs } from "./sampling-fields.js";
import { FORM_TASKS, TaskView } from "./task-view.js";
import { taskFormFor } from "./task-forms/registry.js";
import "./try-it.css";

function Frame({ children }: { children: ReactNode }) {
  return (
    <section className="panel try-it" aria-labelledby="try-it-title" data-testid="try-it">
      <div className="panel-header">
        <h2 id="try-it-title">Try it on this hub</h2>
      </div>
      <div className="panel-body">{children}</div>
    </section>
  );
}

function NotServed() {
  return (
    <p className="small muted try-it-notice" data-testid="try-it-not-served">
      No inference backend of this hub serves this model. An admin can add one: list the model under a backend
      in the JSON file named by <code>MODELHUB_INFERENCE_CONFIG</code> and restart the hub (README, “Inference
      gateway”).
    </p>
  );
}

const TRYABLE_TASKS = new Set(["conversational", "text-generation"]);
/** The embedded ONNX backend's name (the server publishes its mappings under it). */
const ONNX_BACKEND = "onnx";

function Unavailable({ servings }: { servings: HubServing[] }) {
  return (
    <p className="notice small try-it-notice" data-testid="try-it-unavailable">
      Inference for this model is temporarily unavailable: its backend (
      {servings.map((s) => s.backend).join(", ")}) is failing its health checks. Try again later.
    </p>
  );
}

function SignInPrompt() {
  const location = useLocation();
  return (
    <div className="try-it-signin" data-testid="try-it-signin">
      <p className="small muted" style={{ margin: 0 }}>
        This hub runs this model. Calls are counted against your account, so signing in is needed.
      </p>
      <Link className="button button-primary" to={paths.signIn(location.pathname + location.search)}>
        Sign in to try this model
      </Link>
    </div>
  );
}

function TaskPlayground({ model, serving }: { model: RepoInfo; serving: HubServing }) {
  const FamilyForm = taskFormFor(serving.task)?.Form;
  return (
    <>
      <p className="small muted" style={{ margin: 0 }}>
        Served by this hub&apos;s “{serving.backend}” backend ({serving.task}).
      </p>
      {FamilyForm ? (
        <FamilyForm modelId={model.id} task={serving.task} />
      ) : (
        <TaskView modelId={model.id} task={serving.task} />
      )}
    </>
  );
}

/** Tasks the box answers with a form (the first eight, and those of the task families). */
const hasForm = (task: string) => FORM_TASKS.has(task) || taskFormFor(task) !== undefined;

function Playground({ model, servings }: { model: RepoInfo; servings: HubServing[] }) {
  const [fields, setFields] = useState<SamplingFields>(EMPTY_SAMPLING);
  const [backend, setBackend] = useState<string>();
  const checked = checkSampling(fields);
  const picked = servings.find((s) => s.backend === backend);
  const chat = (picked ?? servings[0]).task === "conversational";
  const target = gatewayModel(model.id, picked?.backend);
  const params = checked.ok ? checked.params : undefined;
  return (
    <>
      <p className="small muted" style={{ margin: 0 }}>
        Served by {servings.length === 1 ? `this hub's “${servings[0].backend}” backend` : "this hub"}.
        Answers are shown as plain text.
      </p>
      <BackendPicker servings={servings} value={picked?.backend} onChange={setBackend} />
      {chat ? <ChatView model={target} params={params} /> : <CompletionView model={target} params={params} />}
      <SamplingInputs value={fields} errors={checked.ok ? {} : checked.errors} onChange={setFields} />
    </>
  );
}

/**
 * The hub's own inference widget: chats with (or completes text from) a model this hub's gateway
 * serves, or runs the model's task (classification, entities, embeddings, …) on the ONNX backend.
 */
export function TryItBox({ model, mappings }: { model: RepoInfo; mappings: ProviderMappingListItem[] }) {
  const backends = useHubBackends();
  const { signedIn, checking } = useAuth();
  if (backends.isPending || checking)
    return (
      <Frame>
        <Skeleton lines={3} />
      </Frame>
    );
  // The box chats or completes text, and runs the ONNX backend's tasks in a form; models the llama.cpp
  // backend serves for embeddings are for API calls only.
  const servings = hubServings(mappings, backends.data ?? []).filter(
    (s) => TRYABLE_TASKS.has(s.task) || (s.backend === ONNX_BACKEND && hasForm(s.task)),
  );
  const live = servings.filter((s) => s.status === "live");
  return (
    <Frame>
      {servings.length === 0 ? (
        <NotServed />
      ) : live.length === 0 ? (
        <Unavailable servings={servings} />
      ) : !signedIn ? (
        <SignInPrompt />
      ) : hasForm(live[0].task) ? (
        <TaskPlayground model={model} serving={live[0]} />
      ) : (
        <Playground model={model} servings={live} />
      )}
    </Frame>
  );
}
