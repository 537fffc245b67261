import { EmptyState, Skeleton } from "../../components/ui/status.js";
import { paths, readmeLinkBase } from "../../config/paths.js";
import { LazyMarkdown } from "../../components/markdown/lazy-markdown.js";
import { RepoHeader } from "../../components/repos/repo-header.js";
import { useRepoCardPage } from "../../features/repos/use-repo-card-page.js";
import { SpaceUsesCard } from "../../features/repo-links/space-uses-card.js";
import { MissingCard } from "../../features/file-edit/empty-repo.js";
import type { RepoInfo } from "@modelhub/api-types";

function sdkOf(info: RepoInfo): string | undefined {
  return info.sdk ?? (typeof info.cardData?.sdk === "string" ? info.cardData.sdk : undefined);
}

function StaticApp({ info }: { info: RepoInfo }) {
  const appFile = typeof info.cardData?.app_file === "string" ? info.cardData.app_file : "index.html";
  const hasFile = info.siblings ? info.siblings.some((s) => s.rfilename === appFile) : true;
  if (!hasFile) return <EmptyState title={`This static space has no ${appFile} yet`} />;
  // The server answers with the app under its own sandbox policy (opaque origin, no credentials, only
  // this space's files reachable); the frame's sandbox attribute repeats the same limits.
  return (
    <iframe
      className="space-frame"
      title={`${info.id} app`}
      src={paths.spaceApp(info.id, info.sha)}
      sandbox="allow-scripts allow-forms allow-popups allow-modals allow-downloads"
      referrerPolicy="no-referrer"
      data-testid="space-frame"
    />
  );
}

export function SpacePage() {
  const { id, info, readme, replacement } = useRepoCardPage("space");
  if (replacement) return replacement;
  const sdk = info.data ? sdkOf(info.data) : undefined;
  const title = typeof info.data?.cardData?.title === "string" ? info.data.cardData.title : undefined;
  const emoji = typeof info.data?.cardData?.emoji === "string" ? info.data.cardData.emoji : undefined;
  return (
    <>
      <RepoHeader type="space" id={id} info={info.data} tab="card" />
      <div
        className="container"
        style={{ paddingTop: 20, display: "flex", flexDirection: "column", gap: 18 }}
      >
        {!info.data ? (
          <Skeleton lines={10} height="400px" />
        ) : sdk === "static" ? (
          <>
            {title ? (
              <h2 style={{ margin: 0 }}>
                {emoji ? <span aria-hidden="true">{emoji} </span> : null}
                {title}
              </h2>
            ) : null}
            <StaticApp info={info.data} />
          </>
        ) : (
          <div className="notice">
            This space uses the <strong>{sdk ?? "unknown"}</strong> SDK. ModelHub runs static spaces in the
            browser; other SDKs are stored and versioned but not executed here.
          </div>
        )}
        {info.data ? <SpaceUsesCard models={info.data.models} datasets={info.data.datasets} /> : null}
        <article className="card" aria-label="Space card">
          {readme.isPending ? (
            <Skeleton lines={6} />
          ) : readme.data ? (
            <LazyMarkdown source={readme.data} linkBase={readmeLinkBase("space", id)} />
          ) : (
            <MissingCard type="space" id={id} siblings={info.data?.siblings} />
          )}
        </article>
      </div>
    </>
  );
}
