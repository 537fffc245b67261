import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { Repos, RepoRow } from "../../platform/repos.js";
import type { MappingSource, ServedMapping } from "../served-mappings.js";
import { ONNX_BACKEND_NAME } from "./backend-name.js";
import { ONNX_WEIGHTS, type ServableModel } from "./servable.js";
import { ONNX_TASKS, isOnnxTask } from "./worker-protocol.js";

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
        .where("pipeline_tag", "in", [...ONNX_TASKS])
        .where("siblings", "like", `%"${ONNX_WEIGHTS}"%`)
        .execute();
      return rows
        .filter((row) => typeof servable(row) !== "string")
        .map((row) => ({
          repoId: row.id,
          mapping: {
            provider: ONNX_BACKEND_NAME,
            providerId: row.full_id,
            task: row.pipeline_tag ?? "",
            status: "live" as const,
          },
        }));
    },
    async covers(repoId: string): Promise<boolean> {
      return isOnnxTask((await repos.find("model", repoId))?.pipeline_tag ?? "");
    },
  };
}
