/**
 * The version of the pickle scanner and format checks. Results carry it; raising it (new rules, a
 * fixed parser) queues every stored file for scanning again when the hub starts.
 */
export const SCANNER_VERSION = "modelhub-scan/1";
