export { runUpload } from "./upload.js";
export { runDownload } from "./download.js";
export { runTransferCommand } from "./cli-entry.js";
export { EXIT, type ExitCode } from "./exit-codes.js";
export type { TransferIO, ByteEvent } from "./transfer-io.js";
export { UPLOAD_USAGE, DOWNLOAD_USAGE } from "./usage.js";
