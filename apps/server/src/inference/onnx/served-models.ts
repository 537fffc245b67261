import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { Repos, RepoRow } from "../../platform/repos.js";
import type { MappingSource, ServedMapping } from "../served-mappings.js";
import { ONNX_BACKEND_NAME } from "./backend-name.js";
import { fromJsonText } from "../../platform/json-columns.js";
import { familyForTask, familyTasks } from "./families/registry.js";
import type { ServableModel } from "./servable.js";
import { ONNX_TASKS, isOnnxTask } from "./worker-protocol.js";

/** The task a mapping publishes: chat models (tagged conversational) as `conversational`, as on the Hub. */
function mappingTask(row: RepoRow): string {
  const task = row.pipeline_tag ?? "";
  const chat = fromJsonText<string[]>(row.tags, []).includes("conversational");
  return task === "text-generation" && chat ? "conversational" : task;
}

/**
 * The ONNX backend's models as hub-served provider mappings (provider `onnx`, the model's own task),
 * so model info, `inference_provider=onnx` listings and the snippet panel ("This hub") see them.
 */
export function onnxMappingSource(
  db: Kysely<Database>,
  repos: Repos,
  servable: (row: RepoRow) => ServableModel | string,
): MappingSource {
  return {
    async mappings(): Promise<ServedMapping[]> {
      const rows = await db
        .selectFrom("repos")
        .selectAll()
        .where("type", "=", "model")
        .where("pipeline_tag", "in", [...ONNX_TASKS, ...familyTasks()])
        .where("siblings", "like", '%"onnx/%')
        .execute();
      return rows
        .filter((row) => typeof servable(row) !== "string")
        .map((row) => ({
          repoId: row.id,
          mapping: {
            provider: ONNX_BACKEND_NAME,
            providerId: row.full_id,
            task: mappingTask(row),
            status: "live" as const,
          },
        }));
    },
    async covers(repoId: string): Promise<boolean> {
      const task = (await repos.find("model", repoId))?.pipeline_tag ?? "";
      return isOnnxTask(task) || familyForTask(task) !== undefined;
    },
  };
}
