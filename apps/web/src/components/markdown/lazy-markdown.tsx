import { lazy, Suspense } from "react";
import { Skeleton } from "../ui/status.js";
import type { RepoLinkBase } from "./markdown.js";

// Pages that show markdown start fetching the renderer as soon as their own code runs, in parallel
// with the README request, rather than after it.
const markdownModule = import("./markdown.js");
const Markdown = lazy(async () => ({ default: (await markdownModule).Markdown }));

/** The markdown renderer (remark, rehype) lives in its own chunk. */
export function LazyMarkdown({ source, linkBase }: { source: string; linkBase?: RepoLinkBase }) {
  return (
    <Suspense fallback={<Skeleton lines={8} />}>
      <Markdown source={source} linkBase={linkBase} />
    </Suspense>
  );
}
