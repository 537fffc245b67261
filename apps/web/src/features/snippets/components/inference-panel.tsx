import { useId, useMemo, useState } from "react";
import { CodeBlock } from "../../../components/ui/code-block.js";
import { Skeleton } from "../../../components/ui/status.js";
import { Tabs } from "../../../components/ui/tabs.js";
import type { InferenceSnippet, RepoInfo } from "@modelhub/api-types";
import type { ProviderMappingListItem } from "@modelhub/api-types";
import { hasLocalApps } from "../../../lib/local-apps/local-apps-view.js";
import type { HubServing } from "../../../lib/try-it/hub-backends.js";
import { useServerSnippets } from "../../../lib/snippets/api/get-server-snippets.js";
import { defaultInputText, isConversationalModel } from "../../../lib/snippets/generator.js";
import { panelInferenceSnippets } from "../panel-snippets.js";
import {
  activeProvider,
  clientLabel,
  endpointUrlOf,
  hubBackendOf,
  isHubChoice,
  HIGHLIGHT_LANGUAGE,
  INITIAL_PANEL_STATE,
  LANGUAGE_TABS,
  providerChoices,
  SELF_HOSTED,
  THIS_HUB,
  validatePanel,
  type PanelState,
} from "../../../lib/snippets/panel-options.js";
import { CheckedField } from "../../../components/snippets/checked-field.js";
import { HubEndpointNote, hubOrigin } from "../../../components/snippets/hub-endpoint-note.js";
import { TokenNote } from "./token-note.js";

interface InferencePanelProps {
  model: RepoInfo;
  /** The huggingface.co providers' mappings (the hub's own backends are `hubServings`). */
  mappings: ProviderMappingListItem[];
  /** This hub's backends serving the model, live first. */
  hubServings?: HubServing[];
}

function useSnippets(
  model: RepoInfo,
  mappings: ProviderMappingListItem[],
  state: PanelState,
  provider: string,
  conversational: boolean,
) {
  const local = useMemo(() => {
    try {
      return panelInferenceSnippets(model, mappings, state, provider, conversational, hubOrigin());
    } catch (error) {
      // A generator bug must not blank the panel: fall back to the hub's own snippet endpoint.
      console.warn("getInferenceSnippets failed; using the hub's snippets", error);
      return undefined;
    }
  }, [model, mappings, state, provider, conversational]);
  // The hub's endpoint only knows the providers; it has nothing for a self-hosted server or the gateway.
  const useServer = local === undefined && provider !== SELF_HOSTED && !isHubChoice(provider);
  const server = useServerSnippets(model.id, provider, state.streaming, useServer);
  if (!useServer) return { snippets: local ?? [], pending: false, fromServer: false };
  return { snippets: server.data?.inference ?? [], pending: server.isPending, fromServer: true };
}

/** The chat sampling settings the panel offers, in the order they appear. */
const GENERATION_SETTINGS = [
  { key: "temperature", label: "temperature", inputMode: "decimal" },
  { key: "maxTokens", label: "max_tokens", inputMode: "numeric" },
  { key: "topP", label: "top_p", inputMode: "decimal" },
] as const;

function providerLabel(
  provider: string,
  mapping: ProviderMappingListItem | undefined,
  hub: HubServing[],
): string {
  if (provider === "auto") return "auto (first available provider)";
  if (provider === SELF_HOSTED) return "Your own server (endpoint URL)";
  if (provider === THIS_HUB) return "This hub (its inference gateway)";
  const backend = hubBackendOf(provider);
  if (backend !== undefined) {
    const staging = hub.find((s) => s.backend === backend)?.status === "staging";
    return `This hub · ${backend}${staging ? " (unavailable)" : ""}`;
  }
  return `${provider}${mapping?.status === "staging" ? " (staging)" : ""}`;
}

/** What the Hub says when no provider serves the model, and what works instead. */
function UnservedNotice({ model }: { model: RepoInfo }) {
  return (
    <div className="notice notice-info small" data-testid="unserved-notice">
      <p style={{ margin: 0 }}>
        <strong>This model isn&apos;t deployed by any inference provider.</strong> The snippets below call a
        server you run yourself (vLLM, TGI, llama.cpp&apos;s <code>llama-server</code>, Ollama): set its
        address below.
        {hasLocalApps(model) ? (
          <>
            {" "}
            To start one, see <a href="#local-apps">Local apps</a>.
          </>
        ) : (
          <> “Use this model” shows how to load it with its library.</>
        )}
      </p>
    </div>
  );
}

const NO_SERVINGS: HubServing[] = [];

export function InferencePanel({ model, mappings, hubServings = NO_SERVINGS }: InferencePanelProps) {
  const conversational = isConversationalModel(model);
  const [state, setState] = useState<PanelState>(INITIAL_PANEL_STATE);
  const update = (patch: Partial<PanelState>) => setState((previous) => ({ ...previous, ...patch }));
  const hubBackends = useMemo(() => hubServings.map((s) => s.backend), [hubServings]);
  const provider = activeProvider(state, mappings, hubBackends);
  const { snippets, pending, fromServer } = useSnippets(model, mappings, state, provider, conversational);
  const exampleInput = useMemo(() => defaultInputText(model), [model]);
  const errors = validatePanel({ ...state, provider }, conversational);
  const ids = useId();
  const providers = useMemo(() => providerChoices(mappings, hubBackends), [mappings, hubBackends]);
  const unserved = mappings.length === 0 && hubBackends.length === 0;
  const selfHosted = provider === SELF_HOSTED;
  const onHub = isHubChoice(provider);

  const forLanguage = snippets.filter((s) => s.language === state.language);
  const clients = [...new Set(forLanguage.map((s) => s.client))];
  const client = state.client && clients.includes(state.client) ? state.client : clients[0];
  const current: InferenceSnippet | undefined = forLanguage.find((s) => s.client === client);
  const availableLanguages = LANGUAGE_TABS.filter((tab) => snippets.some((s) => s.language === tab.value));

  return (
    <section className="panel inference-panel" aria-labelledby={`${ids}-title`} data-testid="inference-panel">
      <div className="panel-header">
        <h2 id={`${ids}-title`}>Inference Providers</h2>
        <span className="tag tag-task">{model.pipeline_tag}</span>
      </div>
      <div className="panel-body">
        {unserved ? <UnservedNotice model={model} /> : null}
        <label className="field">
          Provider
          <select
            id="inference-provider"
            className="input"
            value={provider}
            onChange={(event) => update({ provider: event.target.value })}
          >
            {providers.map((p) => (
              <option key={p} value={p}>
                {providerLabel(
                  p,
                  mappings.find((m) => m.provider === p),
                  hubServings,
                )}
              </option>
            ))}
          </select>
        </label>
        {selfHosted ? (
          <CheckedField
            id="inference-endpoint-url"
            label="Endpoint URL (your server)"
            inputMode="url"
            value={endpointUrlOf(state, conversational)}
            onChange={(endpointUrl) => update({ endpointUrl })}
            error={errors.endpointUrl}
          />
        ) : null}

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
                  ? selfHosted
                    ? errors.endpointUrl
                      ? "Fix the endpoint URL above."
                      : "There is no standard server API for this model's task."
                    : provider === "auto"
                      ? "No provider serves this model's task yet."
                      : `${provider} cannot serve this model's task.`
                  : "Pick another language or client."}
              </p>
            </div>
          )}
        </div>
        <TokenNote provider={provider} code={current?.content} />

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
                <CheckedField
                  key={key}
                  id={`inference-${key}`}
                  label={label}
                  inputMode={inputMode}
                  placeholder="default"
                  value={state[key]}
                  onChange={(value) => update({ [key]: value })}
                  error={errors[key]}
                  disabled={fromServer}
                />
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
        {selfHosted ? null : (
          <CheckedField
            id="inference-bill-to"
            label="Bill to (organisation, optional)"
            placeholder="your-org"
            value={state.billTo}
            onChange={(billTo) => update({ billTo })}
            error={errors.billTo}
            disabled={fromServer}
          />
        )}
        {fromServer ? (
          <p className="notice small">
            These snippets come from the hub; the live options are unavailable for this model.
          </p>
        ) : null}
        {selfHosted || onHub ? null : <HubEndpointNote compact />}
      </div>
    </section>
  );
}
