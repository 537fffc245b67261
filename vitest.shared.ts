import { fileURLToPath } from "node:url";

/** Tests import workspace packages from source, so one package's tests never wait on another's build. */
export const workspaceAliases = {
  "@modelhub/tasks": fileURLToPath(new URL("./packages/tasks/src/index.ts", import.meta.url)),
  "@modelhub/inference": fileURLToPath(new URL("./packages/inference/src/index.ts", import.meta.url)),
  // before "@modelhub/testkit", which would otherwise take this subpath as a prefix
  "@modelhub/testkit/run-services": fileURLToPath(
    new URL("./packages/testkit/src/run-services.ts", import.meta.url),
  ),
  "@modelhub/testkit": fileURLToPath(new URL("./packages/testkit/src/index.ts", import.meta.url)),
};
