import type { ProviderMappingInput, Repos } from "../platform/repos.js";
import { fromJsonText } from "../platform/json-columns.js";
import type { BackendRegistry } from "./backend-registry.js";

/** A backend's state as the provider mappings show it: `staging` while its health check fails. */
export type BackendStatus = "live" | "staging";
export type BackendStatusOf = (backendName: string) => BackendStatus;

/** A hub-served mapping from outside the backend registry (the ONNX backend publishes its models so). */
export interface ServedMapping {
  repoId: string;
  mapping: ProviderMappingInput;
}

/** Another backend's served models; `covers` tells whether a commit to a repo may change them. */
export interface MappingSource {
  mappings(): Promise<ServedMapping[]>;
  covers(repoId: string): Promise<boolean>;
}

/**
 * The gateway serves chat completions and text completions (chat when the model is tagged for it),
 * and embeddings for models whose task is feature extraction or sentence similarity.
 */
function servedTask(tagsJson: string, pipelineTag: string | null): string {
  if (pipelineTag === "feature-extraction" || pipelineTag === "sentence-similarity") return pipelineTag;
  return fromJsonText<string[]>(tagsJson, []).includes("conversational")
    ? "conversational"
    : "text-generation";
}

/**
 * Writes one provider mapping per (served model, backend) so that model info
 * (`inferenceProviderMapping`), `inference_provider=<backend>` / `inference=warm` listings and the
 * snippet panel see the hub's own backends. `providerId` is the hub id, the name the gateway takes.
 * Models named in the config that do not exist (yet) are skipped; call again after they appear.
 */
export async function publishServedMappings(
  repos: Repos,
  registry: BackendRegistry,
  statusOf: BackendStatusOf,
  sources: readonly MappingSource[] = [],
): Promise<number> {
  const mappings: ServedMapping[] = [];
  for (const hubId of registry.servedModelIds()) {
    const row = await repos.find("model", hubId);
    if (!row) continue;
    const task = servedTask(row.tags, row.pipeline_tag);
    for (const route of registry.routesFor(hubId)) {
      mappings.push({
        repoId: row.id,
        mapping: {
          provider: route.backend.name,
          providerId: row.full_id,
          task,
          status: statusOf(route.backend.name),
        },
      });
    }
  }
  for (const source of sources) mappings.push(...(await source.mappings()));
  await repos.replaceHubServedMappings(mappings);
  return mappings.length;
}
