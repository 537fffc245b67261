import { lazy, Suspense } from "react";
import { Skeleton } from "../../components/ui/status.js";

const Markdown = lazy(async () => ({ default: (await import("./markdown.js")).Markdown }));

/** The markdown renderer (remark, rehype) lives in its own chunk. */
export function LazyMarkdown({ source }: { source: string }) {
  return (
    <Suspense fallback={<Skeleton lines={8} />}>
      <Markdown source={source} />
    </Suspense>
  );
}
