export { startHub, PortInUseError, type RunningHub, type StartOptions } from "./server.js";
export { resolveConfig, ConfigError, type Config } from "./config/config.js";
export { createApp, type AppDeps } from "./http/app.js";
export { runCli } from "./cli/run.js";
export type * from "./http-kit/contracts.js";
export type * from "./content/content-deps.js";
