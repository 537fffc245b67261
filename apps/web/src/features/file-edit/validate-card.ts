import { requestJson } from "../../lib/api-client.js";
import { ApiError } from "../../lib/api-error.js";
import type { RepoType } from "@modelhub/api-types";

/**
 * The hub's own check of a card (`POST /api/validate-yaml`, what huggingface_hub calls before an
 * upload), run just before committing README.md: the reason it refuses the card, or undefined.
 */
export async function hubCardError(type: RepoType, content: string): Promise<string | undefined> {
  try {
    await requestJson("/api/validate-yaml", { method: "POST", json: { content, repoType: type } });
    return undefined;
  } catch (error) {
    // only a verdict on the card stops the commit; other failures surface from the commit itself
    if (error instanceof ApiError && error.status === 400)
      return `The hub refused the metadata: ${error.message}`;
    return undefined;
  }
}
