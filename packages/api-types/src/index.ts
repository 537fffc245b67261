/**
 * The JSON shapes of the hub's HTTP API, one file per capability. Types only: the server's serializers
 * are typed against them and the web app reads responses through them, so a shape change fails the
 * build of whichever side did not follow.
 */
export type * from "./access.js";
export type * from "./accounts.js";
export type * from "./discussions.js";
export type * from "./files.js";
export type * from "./inference.js";
export type * from "./task-inference.js";
export type * from "./orgs.js";
export type * from "./repos.js";
export type * from "./search.js";
export type * from "./snippets.js";
export type * from "./tasks.js";
export type * from "./mirror.js";
export type * from "./dataset-viewer.js";
export type * from "./webhooks.js";
export type * from "./collections.js";
export type * from "./repo-storage.js";
export type * from "./sso.js";
export type * from "./audit.js";
export type * from "./scans.js";
