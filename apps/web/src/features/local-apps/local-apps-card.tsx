import { useId, useMemo, useState } from "react";
import { CodeBlock } from "../../components/ui/code-block.js";
import type { RepoInfo } from "@modelhub/api-types";
import { useServerSnippets } from "../../lib/snippets/api/get-server-snippets.js";
import { hubOrigin } from "../../components/snippets/hub-endpoint-note.js";
import { localAppsView } from "../../lib/local-apps/local-apps-view.js";

/** "Local apps": how to run the model on your own machine, with commands that fetch from this hub. */
export function LocalAppsCard({ model }: { model: RepoInfo }) {
  // Same query as "Use this model": the hub says which public address its snippets should use.
  const server = useServerSnippets(model.id, "auto", false);
  const hubUrl = server.data?.hubUrl ?? hubOrigin();
  const [app, setApp] = useState<string>();
  const [file, setFile] = useState<string>();
  const view = useMemo(() => localAppsView(model, hubUrl, app, file), [model, hubUrl, app, file]);
  const titleId = useId();
  const appId = useId();
  const quantId = useId();
  if (!view) return null;

  return (
    <section className="panel" aria-labelledby={titleId} data-testid="local-apps" id="local-apps">
      <div className="panel-header">
        <h2 id={titleId}>Local apps</h2>
        <a className="small" href={view.active.docsUrl} target="_blank" rel="noreferrer">
          {view.active.label} docs
        </a>
      </div>
      <div className="panel-body">
        <div className="local-apps-pickers" style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
          <label className="field" htmlFor={appId} style={{ flex: "1 1 140px" }}>
            App
            <select
              id={appId}
              className="input"
              value={view.active.key}
              onChange={(event) => setApp(event.target.value)}
            >
              {view.apps.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </select>
          </label>
          {view.quants.length > 0 ? (
            <label className="field" htmlFor={quantId} style={{ flex: "1 1 140px" }}>
              Quantization
              <select
                id={quantId}
                className="input"
                value={view.file}
                onChange={(event) => setFile(event.target.value)}
              >
                {view.quants.map((q) => (
                  <option key={q.value} value={q.value} title={q.value}>
                    {q.label}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
        <p className="small muted" style={{ margin: 0 }} data-testid="local-app-source">
          {view.active.note
            .split(/(MODEL_ENDPOINT|HF_ENDPOINT)/)
            .map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}
        </p>
        {view.snippets.map((snippet, index) => (
          <div key={`${view.active.key}-${index}`} className="local-app-step" data-testid="local-app-snippet">
            <h3 className="small" style={{ margin: "0 0 6px" }}>
              {snippet.title}
            </h3>
            {snippet.setup ? (
              <CodeBlock
                code={snippet.setup}
                language="bash"
                label={`${snippet.title}: setup`}
                className="library-snippet local-app-setup"
              />
            ) : null}
            <CodeBlock
              code={snippet.content}
              language="bash"
              label={snippet.title}
              className="library-snippet local-app-command"
            />
          </div>
        ))}
      </div>
    </section>
  );
}
