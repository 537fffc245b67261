import type { DerivedMetadata, FileEntry } from "../domain/repo.js";
import type { UpstreamRepoInfo } from "./upstream-client.js";

/** The upstream's card, tags, metadata and file list in the shape a local commit's derivation has. */
export function metadataFromUpstream(info: UpstreamRepoInfo): DerivedMetadata {
  const siblings: FileEntry[] = (info.siblings ?? []).map((sibling) => ({
    path: sibling.rfilename,
    size: sibling.lfs?.size ?? sibling.size ?? 0,
    oid: sibling.blobId ?? "",
    ...(sibling.lfs ? { lfs: sibling.lfs } : {}),
  }));
  return {
    cardData: info.cardData,
    tags: Array.isArray(info.tags) ? info.tags.filter((tag) => typeof tag === "string") : [],
    pipeline_tag: info.pipeline_tag,
    library_name: info.library_name,
    config: info.config,
    transformersInfo: info.transformersInfo,
    widgetData: info.widgetData,
    gguf: info.gguf,
    safetensors: info.safetensors,
    sdk: info.sdk,
    cardExists: siblings.some((file) => file.path === "README.md"),
    warnings: [],
    usedStorage: info.usedStorage ?? siblings.reduce((sum, file) => sum + file.size, 0),
    siblings,
  };
}

/** Upstream gated repos stay gated here, with this hub's admin deciding every request. */
export function localGate(info: UpstreamRepoInfo): false | "manual" {
  return info.gated === false || info.gated === undefined ? false : "manual";
}
