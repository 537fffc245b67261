import { ErrorState, Skeleton } from "../../components/ui/status.js";
import { MissingCard } from "../../features/file-edit/empty-repo.js";
import { LazyMarkdown } from "../../components/markdown/lazy-markdown.js";
import { useProviderMapping } from "../../features/repos/api/get-provider-mapping.js";
import { GgufFiles, ModelMetadata } from "../../features/repos/components/model-metadata.js";
import { RepoHeader } from "../../components/repos/repo-header.js";
import { useRepoCardPage } from "../../features/repos/use-repo-card-page.js";
import { InferencePanel } from "../../features/snippets/components/inference-panel.js";
import { UseThisModel } from "../../features/snippets/components/use-this-model.js";
import { hubServings, isHubBackend, useHubBackends } from "../../lib/try-it/hub-backends.js";
import { TryItBox } from "../../features/try-it/try-it-box.js";
import { LocalAppsCard } from "../../features/local-apps/local-apps-card.js";
import { ModelTreeCard } from "../../features/model-tree/model-tree-card.js";
import { SpacesUsingCard } from "../../features/repo-links/spaces-using-card.js";
import type { RepoInfo } from "@modelhub/api-types";
import { readmeLinkBase } from "../../config/paths.js";

function InferenceSection({ info }: { info: RepoInfo }) {
  const mapping = useProviderMapping(info);
  const backends = useHubBackends();
  if (!info.pipeline_tag) return null;
  if (mapping.isPending || backends.isPending) {
    return (
      <section className="panel">
        <div className="panel-body">
          <Skeleton lines={12} height="520px" />
        </div>
      </section>
    );
  }
  const all = mapping.data ?? [];
  // A mapping whose provider is one of this hub's backends is served here, not by huggingface.co.
  const hubBackends = backends.data ?? [];
  return (
    <>
      <TryItBox model={info} mappings={all} />
      <InferencePanel
        model={info}
        mappings={all.filter((m) => !isHubBackend(m.provider, hubBackends))}
        hubServings={hubServings(all, hubBackends)}
      />
    </>
  );
}

export function ModelPage() {
  const { id, info, readme, replacement } = useRepoCardPage("model");
  if (replacement) return replacement;
  return (
    <>
      <RepoHeader type="model" id={id} info={info.data} tab="card" />
      <div className="container repo-body">
        <article className="card" aria-label="Model card" style={{ minWidth: 0 }}>
          {info.isPending || readme.isPending ? (
            <Skeleton lines={14} />
          ) : readme.isError ? (
            <ErrorState error={readme.error} retry={() => void readme.refetch()} />
          ) : readme.data ? (
            <LazyMarkdown source={readme.data} linkBase={readmeLinkBase("model", id)} />
          ) : (
            <MissingCard type="model" id={id} siblings={info.data?.siblings} />
          )}
        </article>
        <aside className="sidebar" aria-label="Model details and code">
          {info.data ? (
            <>
              <InferenceSection info={info.data} />
              <ModelMetadata info={info.data} />
              <ModelTreeCard id={info.data.id} />
              <UseThisModel model={info.data} />
              <LocalAppsCard model={info.data} />
              <GgufFiles info={info.data} />
              <SpacesUsingCard id={info.data.id} spaces={info.data.spaces} />
            </>
          ) : (
            <Skeleton lines={10} height="400px" />
          )}
        </aside>
      </div>
    </>
  );
}
