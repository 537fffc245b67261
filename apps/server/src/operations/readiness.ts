/** One dependency `/readyz` checks: resolves when reachable, rejects (with why) when not. */
export interface ReadinessProbe {
  name: string;
  check(): Promise<void>;
}

export interface ProbeResult {
  name: string;
  ok: boolean;
  ms: number;
  error?: string;
}

export interface Readiness {
  ready: boolean;
  checks: ProbeResult[];
}

/** Runs every probe at once, each bounded by `timeoutMs`, so a hung dependency cannot hang the answer. */
export async function checkReadiness(
  probes: readonly ReadinessProbe[],
  timeoutMs: number,
): Promise<Readiness> {
  const checks = await Promise.all(probes.map((probe) => runProbe(probe, timeoutMs)));
  return { ready: checks.every((check) => check.ok), checks };
}

async function runProbe(probe: ReadinessProbe, timeoutMs: number): Promise<ProbeResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([probe.check(), timedOut]);
    return { name: probe.name, ok: true, ms: elapsed(started) };
  } catch (err) {
    return {
      name: probe.name,
      ok: false,
      ms: elapsed(started),
      error: (err as Error).message ?? String(err),
    };
  } finally {
    clearTimeout(timer);
  }
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}
