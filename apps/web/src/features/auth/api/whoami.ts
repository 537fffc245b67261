import { requestJson } from "../../../lib/api-client.js";
import type { WhoAmI } from "../../../lib/api-types.js";
import { apiPaths } from "../../../config/paths.js";

export function whoAmI(token?: string): Promise<WhoAmI> {
  return requestJson<WhoAmI>(apiPaths.whoami(), token ? { token } : {});
}
