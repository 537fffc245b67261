import { useId, useMemo, useState } from "react";
import { CodeBlock } from "../../../components/ui/code-block.js";
import { Skeleton } from "../../../components/ui/status.js";
import { Tabs } from "../../../components/ui/tabs.js";
import type { InferenceSnippet, RepoInfo } from "../../../lib/api-types.js";
import type { ProviderMapping } from "../../repos/api/get-provider-mapping.js";
import { useServerSnippets } from "../api/get-server-snippets.js";
import { defaultInputText, isConversationalModel, localInferenceSnippets } from "../generator.js";
import {
  clientLabel,
  HIGHLIGHT_LANGUAGE,
  INITIAL_PANEL_STATE,
  LANGUAGE_TABS,
  mappingArgFor,
  snippetOptionsFor,
  type PanelState,
} from "../panel-options.js";
import { HubEndpointNote } from "./hub-endpoint-note.js";

interface InferencePanelProps {
  model: RepoInfo;
  mappings: ProviderMapping[];
}

function useSnippets(
  model: RepoInfo,
  mappings: ProviderMapping[],
  state: PanelState,
  conversational: boolean,
) {
  const local = useMemo(() => {
    try {
      return localInferenceSnippets(
        model,
        state.provider,
        mappingArgFor(model, state.provider, mappings),
        snippetOptionsFor(state, conversational),
      );
    } catch (error) {
      // A generator bug must not blank the panel: fall back to the hub's own snippet endpoint.
      console.warn("getInferenceSnippets failed; using the hub's snippets", error);
      return undefined;
    }
  }, [model, mappings, state, conversational]);
  const server = useServerSnippets(model.id, state.provider, state.streaming, local === undefined);
  if (local !== undefined) return { snippets: local, pending: false, fromServer: false };
  return { snippets: server.data?.inference ?? [], pending: server.isPending, fromServer: true };
}

/** The chat sampling settings the panel offers, in the order they appear. */
const GENERATION_SETTINGS = [
  { key: "temperature", label: "temperature", inputMode: "decimal" },
  { key: "maxTokens", label: "max_tokens", inputMode: "numeric" },
  { key: "topP", label: "top_p", inputMode: "decimal" },
] as const;

export function InferencePanel({ model, mappings }: InferencePanelProps) {
  const conversational = isConversationalModel(model);
  const [state, setState] = useState<PanelState>(INITIAL_PANEL_STATE);
  const update = (patch: Partial<PanelState>) => setState((previous) => ({ ...previous, ...patch }));
  const { snippets, pending, fromServer } = useSnippets(model, mappings, state, conversational);
  const exampleInput = useMemo(() => defaultInputText(model), [model]);
  const ids = useId();

  const providers = useMemo(() => {
    const live = mappings.filter((m) => m.status === "live").map((m) => m.provider);
    const staging = mappings.filter((m) => m.status !== "live").map((m) => m.provider);
    return ["auto", ...live, ...staging];
  }, [mappings]);

  const forLanguage = snippets.filter((s) => s.language === state.language);
  const clients = [...new Set(forLanguage.map((s) => s.client))];
  const client = state.client && clients.includes(state.client) ? state.client : clients[0];
  const current: InferenceSnippet | undefined = forLanguage.find((s) => s.client === client);
  const availableLanguages = LANGUAGE_TABS.filter((tab) => snippets.some((s) => s.language === tab.value));

  if (!pending && snippets.length === 0 && mappings.length === 0) {
    // Nothing can run this model remotely: a short note instead of an empty code panel.
    return (
      <section className="panel inference-panel" aria-labelledby={`${ids}-title`}>
        <div className="panel-header">
          <h2 id={`${ids}-title`}>Inference Providers</h2>
          <span className="tag tag-task">{model.pipeline_tag}</span>
        </div>
        <div className="panel-body">
          <p className="small muted" style={{ margin: 0 }}>
            No inference provider serves this model yet. Use it locally with the library code below.
          </p>
        </div>
      </section>
    );
  }
  return (
    <section className="panel inference-panel" aria-labelledby={`${ids}-title`}>
      <div className="panel-header">
        <h2 id={`${ids}-title`}>Inference Providers</h2>
        <span className="tag tag-task">{model.pipeline_tag}</span>
      </div>
      <div className="panel-body">
        <label className="field">
          Provider
          <select
            id="inference-provider"
            className="input"
            value={state.provider}
            onChange={(event) => update({ provider: event.target.value })}
          >
            {providers.map((provider) => {
              const mapping = mappings.find((m) => m.provider === provider);
              return (
                <option key={provider} value={provider}>
                  {provider === "auto" ? "auto (first available provider)" : provider}
                  {mapping?.status === "staging" ? " (staging)" : ""}
                </option>
              );
            })}
          </select>
        </label>

        <Tabs
          label="Language"
          items={availableLanguages.length ? availableLanguages : LANGUAGE_TABS}
          value={state.language}
          onChange={(language) => update({ language })}
          controls={`${ids}-snippet`}
        />
        {clients.length > 1 ? (
          <Tabs
            label="Client"
            size="small"
            items={clients.map((c) => ({ value: c, label: clientLabel(c) }))}
            value={client ?? ""}
            onChange={(value) => update({ client: value })}
            controls={`${ids}-snippet`}
          />
        ) : null}

        <div
          className="snippet-frame"
          data-testid="inference-snippet"
          id={`${ids}-snippet`}
          role="tabpanel"
          aria-label={`${LANGUAGE_TABS.find((tab) => tab.value === state.language)?.label ?? ""} snippet`}
        >
          {pending ? (
            <Skeleton lines={10} />
          ) : current ? (
            <CodeBlock
              code={current.content}
              language={HIGHLIGHT_LANGUAGE[state.language]}
              className="fixed"
              label={`${state.language} snippet using ${current.client}`}
            />
          ) : (
            <div className="status status-empty">
              <p className="status-title">No snippet for this combination</p>
              <p className="status-body">
                {snippets.length === 0
                  ? state.provider === "auto"
                    ? "No provider serves this model's task yet."
                    : `${state.provider} cannot serve this model's task.`
                  : "Pick another language or client."}
              </p>
            </div>
          )}
        </div>

        {conversational ? (
          <>
            <label className="toggle">
              <input
                type="checkbox"
                checked={state.streaming}
                onChange={(event) => update({ streaming: event.target.checked })}
              />
              Stream the response
            </label>
            <div className="field-row">
              {GENERATION_SETTINGS.map(({ key, label, inputMode }) => (
                <label className="field" key={key}>
                  {label}
                  <input
                    className="input"
                    inputMode={inputMode}
                    placeholder="default"
                    value={state[key]}
                    onChange={(event) => update({ [key]: event.target.value })}
                    disabled={fromServer}
                  />
                </label>
              ))}
            </div>
          </>
        ) : null}

        <label className="field">
          {conversational ? "Message" : "Input"}
          <textarea
            id="inference-input"
            className="input"
            rows={3}
            value={state.input ?? exampleInput}
            onChange={(event) => update({ input: event.target.value })}
            disabled={fromServer}
          />
        </label>
        <label className="field">
          Bill to (organisation, optional)
          <input
            id="inference-bill-to"
            className="input"
            placeholder="your-org"
            value={state.billTo}
            onChange={(event) => update({ billTo: event.target.value })}
            disabled={fromServer}
          />
        </label>
        {fromServer ? (
          <p className="notice small">
            These snippets come from the hub; the live options are unavailable for this model.
          </p>
        ) : null}
        <HubEndpointNote compact />
      </div>
    </section>
  );
}
