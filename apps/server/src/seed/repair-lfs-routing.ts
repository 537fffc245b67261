import { DEFAULT_GITATTRIBUTES, GitAttributes } from "../content/paths/gitattributes.js";
import { toRepoRecord } from "../platform/repos.js";
import type { DemoCatalogue, DemoRepo } from "./catalogue/types.js";
import {
  hasMeta,
  LFS_ROUTED_KEY,
  SEEDED_KEY,
  seededUpdateDate,
  setMeta,
  type SeedDeps,
} from "./import-catalogue.js";
import { loadCatalogue } from "./load-catalogue.js";

const DEFAULT_ATTRIBUTES = new GitAttributes(DEFAULT_GITATTRIBUTES);

/**
 * Hubs seeded before commits stored LFS-routed files in LFS hold demo weights as plain git files at
 * `*.safetensors`/`*.gguf`/… paths: clones warn "should have been a pointer" and show them modified.
 * Once per data folder, the catalogue repos with such files get one commit (dated like their import)
 * that turns them into LFS pointers. Returns how many repos changed.
 */
export async function repairSeededLfsRouting(deps: SeedDeps, catalogue?: DemoCatalogue): Promise<number> {
  const { services, content } = deps;
  if (!content.storeRoutedFilesInLfs || (await hasMeta(services, LFS_ROUTED_KEY))) return 0;
  if (!(await hasMeta(services, SEEDED_KEY))) return 0;
  catalogue ??= (await loadCatalogue()).catalogue;
  let repaired = 0;
  for (const repo of catalogue.repos.filter(hasLfsRoutedFiles)) {
    const row = await services.repos.find(repo.type, repo.id);
    if (!row) continue;
    const record = toRepoRecord(row);
    const commit = await content.storeRoutedFilesInLfs(record, {
      title: "Store LFS-tracked files as LFS pointers",
      author: record.owner,
      date: seededUpdateDate(repo),
    });
    if (commit) repaired++;
  }
  await setMeta(services, LFS_ROUTED_KEY);
  return repaired;
}

function hasLfsRoutedFiles(repo: DemoRepo): boolean {
  const own = repo.files.find((file) => file.path === ".gitattributes");
  const attributes = own ? new GitAttributes(contentText(own.content)) : DEFAULT_ATTRIBUTES;
  return repo.files.some((file) => file.content.length > 0 && attributes.isLfs(file.path));
}

function contentText(content: Uint8Array | string): string {
  return typeof content === "string" ? content : Buffer.from(content).toString("utf8");
}
