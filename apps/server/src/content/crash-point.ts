/**
 * Failure injection for the crash-consistency tests: when `MODELHUB_TEST_CRASH_AT` names this point, the
 * process kills itself with SIGKILL right there, as a power cut or an OOM kill would. Unset in real use.
 */
export function crashPoint(name: string): void {
  if (process.env.MODELHUB_TEST_CRASH_AT === name) process.kill(process.pid, "SIGKILL");
}
