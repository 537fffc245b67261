import { requestJson } from "../../api-client.js";
import type { WhoAmI } from "@modelhub/api-types";
import { apiPaths } from "../../../config/paths.js";

/** The signed-in user of this browser's session. */
export function whoAmI(): Promise<WhoAmI> {
  return requestJson<WhoAmI>(apiPaths.whoami());
}
