import { Hono, type Context } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { AppDeps } from "../deps.js";
import { KIND_PATTERN, typeOfKind } from "../../http-kit/repo-paths.js";
import { audienceOf } from "../listing-cache.js";
import { readableRepo } from "../../platform/http/repo-lookup.js";
import { LruCache } from "../../platform/lru-cache.js";
import { expandOf } from "../expand-query.js";
import { repoInfoJson } from "../../hub-api/repo-info.js";
import { InfoAnswerCache } from "../info-answer-cache.js";
import { modelTreeOf } from "../../platform/model-tree.js";
import { spacesLinkingTo } from "../../platform/repo-links.js";
import { derivedColumns, toRepoRecord, type RepoRow } from "../../platform/repos.js";
import { notFound } from "../../domain/errors.js";
import { DEFAULT_BRANCH, reconcileInBackground } from "../../maintenance/reconcile.js";
import type { RepoType, Viewer } from "../../domain/repo.js";

const DEFAULT_REVISIONS = new Set(["main", "HEAD", "refs/heads/main"]);
const TREE_FIELDS = ["baseModels", "childrenModelCount"];
const SPACES_CACHE_ENTRIES = 4096;
const SPACES_CACHE_MAX_AGE_MS = 60_000;

/** `GET /api/{(?:models|datasets|spaces)}/{owner}/{name}[/revision/{rev}]`. */
export function repoInfoRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // Model info is the hottest read; the spaces naming a model change only with a write to some repo,
  // so they are kept per model and audience until the listings generation moves.
  const spacesCache = new LruCache<string, { generation: number; spaces: string[] }>(
    SPACES_CACHE_ENTRIES,
    SPACES_CACHE_MAX_AGE_MS,
  );
  async function spacesUsing(row: RepoRow, viewer: Viewer): Promise<string[]> {
    const key = JSON.stringify([audienceOf({ viewer }), row.full_id.toLowerCase()]);
    const generation = deps.repos.listingsGeneration();
    const cached = spacesCache.get(key);
    if (cached && cached.generation === generation) return cached.spaces;
    const spaces = await spacesLinkingTo(deps.db, "model", row.full_id, viewer);
    spacesCache.setIfCurrent(key, { generation, spaces }, spacesCache.generation());
    return spaces;
  }

  const answers = new InfoAnswerCache();

  async function resolveSha(row: RepoRow, revision: string | undefined): Promise<string | undefined> {
    if (revision === undefined || DEFAULT_REVISIONS.has(revision)) return defaultHead(row);
    if (revision === row.sha) return row.sha;
    const sha = deps.content.resolveRevision
      ? await deps.content.resolveRevision(toRepoRecord(row), revision)
      : undefined;
    if (!sha) throw notFound(`Invalid rev id: ${revision}`, "RevisionNotFound");
    return sha;
  }

  /** The default branch's ref, which wins over a database row left behind by a crash (repaired meanwhile). */
  async function defaultHead(row: RepoRow): Promise<string | undefined> {
    const record = toRepoRecord(row);
    const head = await deps.content.resolveRevision?.(record, DEFAULT_BRANCH).catch(() => undefined);
    if (!head || head === row.sha) return row.sha ?? undefined;
    reconcileInBackground({ content: deps.content, logger: deps.logger }, record);
    return head;
  }

  async function info(c: Context<AppEnv>, type: RepoType, revision: string | undefined) {
    const expand = expandOf(c, type);
    const row = await readableRepo(c, deps.repos, type, `${c.req.param("owner")}/${c.req.param("name")}`);
    const sha = await resolveSha(row, revision);
    const mappings =
      type === "model" ? ((await deps.repos.providerMappings([row.id])).get(row.id) ?? []) : [];
    // huggingface_hub 0.36 sends Python's spelling, `blobs=True`
    const blobs = ["true", "1"].includes((c.req.query("blobs") ?? "").toLowerCase());
    const spaces = type === "model" ? await spacesUsing(row, c.var.viewer) : undefined;
    // another revision: what its files say (siblings, card, tags…), as the Hub answers
    const shown =
      sha && sha !== row.sha && deps.content.derive
        ? { ...row, ...derivedColumns(row, await deps.content.derive(toRepoRecord(row), sha)) }
        : row;
    const build = () => repoInfoJson(shown, { sha, blobs, mappings, spaces });
    let text: string;
    // huggingface_hub sends `securityStatus=True`: the scans of the revision's files
    const security =
      deps.scanning && ["true", "1"].includes((c.req.query("securityStatus") ?? "").toLowerCase()) && sha
        ? await deps.scanning.repoStatus(toRepoRecord(row), sha)
        : undefined;
    // the model tree costs a grouped query, so it is computed only when asked for, as on the Hub
    if ((type === "model" && TREE_FIELDS.some((field) => expand.includes(field))) || security) {
      const json = build();
      if (type === "model" && TREE_FIELDS.some((field) => expand.includes(field))) {
        const tree = await modelTreeOf(deps.db, row, c.var.viewer);
        if (expand.includes("baseModels") && tree.baseModels) json.baseModels = tree.baseModels;
        if (expand.includes("childrenModelCount")) json.childrenModelCount = tree.childrenModelCount;
      }
      if (security)
        json.securityRepoStatus = {
          scansDone: security.scansDone,
          filesWithIssues: security.filesWithIssues,
        };
      text = JSON.stringify(json);
    } else if (shown === row) text = answers.answer(row, { sha, blobs, mappings, spaces }, build);
    else text = JSON.stringify(build());
    // with its length declared, the gzip middleware passes a small answer on without buffering it
    return c.body(text, 200, {
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(text)),
    });
  }

  app.get(`/api/:kind${KIND_PATTERN}/:owner/:name`, (c) =>
    info(c, typeOfKind(c.req.param("kind")), undefined),
  );
  app.get(`/api/:kind${KIND_PATTERN}/:owner/:name/revision/:rev{.+}`, (c) =>
    info(c, typeOfKind(c.req.param("kind")), decodeURIComponent(c.req.param("rev"))),
  );
  return app;
}
