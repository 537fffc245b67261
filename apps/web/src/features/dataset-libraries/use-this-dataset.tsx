import { useId, useMemo, useState } from "react";
import { CodeBlock } from "../../components/ui/code-block.js";
import type { RepoInfo } from "@modelhub/api-types";
import { hubOrigin } from "../../components/snippets/hub-endpoint-note.js";
import { datasetLibrariesView, highlightLanguage } from "./dataset-libraries-view.js";

const REACH_NOTE = {
  endpoint: "Downloads through huggingface_hub, which HF_ENDPOINT points at this hub.",
  url: "Its own hf:// support only knows huggingface.co, so the code reads the file's download URL on this hub.",
} as const;

/** "Use this dataset": code that loads the dataset with each library that can read its files. */
export function UseThisDataset({ info }: { info: RepoInfo }) {
  // The same address the model page's snippets fall back to: where the browser reaches this hub.
  const hubUrl = hubOrigin();
  const [chosen, setChosen] = useState<string>();
  const view = useMemo(() => datasetLibrariesView(info, hubUrl, chosen), [info, hubUrl, chosen]);
  const titleId = useId();
  const selectId = useId();
  if (!view) return null;
  const publicHub = /^https:\/\/(www\.)?(huggingface\.co|hf\.co)\/*$/i.test(hubUrl);

  return (
    <section className="panel" aria-labelledby={titleId} data-testid="use-this-dataset">
      <div className="panel-header">
        <h2 id={titleId}>Use this dataset</h2>
        <a className="small" href={view.active.docsUrl} target="_blank" rel="noreferrer">
          {view.active.label} docs
        </a>
      </div>
      <div className="panel-body">
        <label className="field" htmlFor={selectId}>
          Library
          <select
            id={selectId}
            className="input"
            value={view.active.key}
            onChange={(event) => setChosen(event.target.value)}
          >
            {view.libraries.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </select>
        </label>
        {publicHub ? null : (
          <p className="small muted" style={{ margin: 0 }} data-testid="dataset-library-reach">
            {REACH_NOTE[view.active.reach]
              .split(/(HF_ENDPOINT|hf:\/\/)/)
              .map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}
          </p>
        )}
        {view.snippets.map((snippet, index) => (
          <div key={`${view.active.key}-${index}`} data-testid="dataset-library-snippet">
            <h3 className="small" style={{ margin: "0 0 6px" }}>
              {snippet.title}
            </h3>
            <CodeBlock
              code={snippet.content}
              language={highlightLanguage(snippet.language)}
              label={snippet.title}
              className="library-snippet"
            />
          </div>
        ))}
      </div>
    </section>
  );
}
