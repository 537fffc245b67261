import { useId, useMemo, useState } from "react";
import { CodeBlock } from "../../../components/ui/code-block.js";
import { Skeleton } from "../../../components/ui/status.js";
import { Tabs } from "../../../components/ui/tabs.js";
import type { RepoInfo } from "@modelhub/api-types";
import { useServerSnippets } from "../../../lib/snippets/api/get-server-snippets.js";
import { librarySnippets, snippetLanguage } from "../../../lib/snippets/generator.js";
import { HubEndpointNote, hubOrigin } from "../../../components/snippets/hub-endpoint-note.js";

/**
 * "Use this model": the snippets of the model's library, generated here for this hub's address (the
 * same rule as the Local apps card); the hub's snippet endpoint is the fallback.
 */
export function UseThisModel({ model }: { model: RepoInfo }) {
  const server = useServerSnippets(model.id, "auto", false);
  // Until the hub says which public address it uses, the browser's origin stands in for it.
  const hubUrl = server.data?.hubUrl ?? hubOrigin();
  const local = useMemo(() => librarySnippets(model, hubUrl), [model, hubUrl]);
  const groups = useMemo(() => {
    if (local.length > 0) return local.map((g) => ({ key: g.key, label: g.label, snippets: g.snippets }));
    return (server.data?.libraries ?? []).map((g) => ({
      key: g.library,
      label: g.label,
      snippets: g.snippets,
    }));
  }, [server.data, local]);
  const [selected, setSelected] = useState<string>();
  const active = groups.find((g) => g.key === selected) ?? groups[0];
  const titleId = useId();

  if (server.isPending && local.length === 0) {
    return (
      <section className="panel">
        <div className="panel-header">
          <h2>Use this model</h2>
        </div>
        <div className="panel-body">
          <Skeleton lines={4} />
        </div>
      </section>
    );
  }
  if (!active) return null;
  return (
    <section className="panel" aria-labelledby={titleId} data-testid="use-this-model">
      <div className="panel-header">
        <h2 id={titleId}>Use this model</h2>
      </div>
      <div className="panel-body">
        {groups.length > 1 ? (
          <Tabs
            label="Library"
            size="small"
            items={groups.map((g) => ({ value: g.key, label: g.label }))}
            value={active.key}
            onChange={setSelected}
          />
        ) : (
          <p className="small muted" style={{ margin: 0 }}>
            with <strong>{active.label}</strong>
          </p>
        )}
        {active.snippets.map((code, index) => (
          <CodeBlock
            key={`${active.key}-${index}`}
            code={code}
            language={snippetLanguage(code)}
            className="library-snippet"
          />
        ))}
        <HubEndpointNote hubUrl={server.data?.hubUrl} />
      </div>
    </section>
  );
}
