/**
 * A bounded load generator for the loopback server: `clients` concurrent loops for `seconds` (and at most
 * `maxRequests`), each calling `request(clientIndex)`; returns throughput and latency percentiles.
 */
export interface LoadResult {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

export async function runLoad(
  name: string,
  opts: { clients: number; seconds: number; maxRequests?: number },
  request: (client: number) => Promise<boolean>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let started = 0;
  const max = opts.maxRequests ?? Number.MAX_SAFE_INTEGER;
  const until = performance.now() + opts.seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: opts.clients }, async (_, client) => {
      while (performance.now() < until && started < max) {
        started += 1;
        const t = performance.now();
        let ok = false;
        try {
          ok = await request(client);
        } catch {
          ok = false;
        }
        latencies.push(performance.now() - t);
        if (!ok) errors += 1;
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return {
    name,
    requests: latencies.length,
    errors,
    seconds: Number(elapsed.toFixed(1)),
    rps: Number((latencies.length / elapsed).toFixed(1)),
    p50: Number(pct(50).toFixed(1)),
    p95: Number(pct(95).toFixed(1)),
    p99: Number(pct(99).toFixed(1)),
  };
}

export function printResult(r: LoadResult, budget?: { p95?: number; p99?: number }) {
  const verdict =
    budget?.p95 != null ? (r.p95 <= budget.p95 ? ` (budget p95 < ${budget.p95} ms: ok)` : ` (budget p95 < ${budget.p95} ms: OVER)`) : "";
  console.info(
    `${r.name.padEnd(28)} ${String(r.requests).padStart(7)} req ${String(r.rps).padStart(8)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  errors ${r.errors}${verdict}`,
  );
}

/**
 * Open loop: starts `rps` requests per second for `seconds`, whatever the answers' speed — the "about 40 requests/s
 * of traffic" of DESIGN §6, where latency is measured without the queueing a closed loop of 50 clients adds.
 */
export async function runRate(
  name: string,
  opts: { rps: number; seconds: number },
  request: (i: number) => Promise<boolean>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const total = Math.round(opts.rps * opts.seconds);
  const t0 = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / opts.rps;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t = performance.now();
    pending.push(
      request(i)
        .catch(() => false)
        .then((ok) => {
          latencies.push(performance.now() - t);
          if (!ok) errors += 1;
        }),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return {
    name,
    requests: latencies.length,
    errors,
    seconds: Number(elapsed.toFixed(1)),
    rps: Number((latencies.length / elapsed).toFixed(1)),
    p50: Number(pct(50).toFixed(1)),
    p95: Number(pct(95).toFixed(1)),
    p99: Number(pct(99).toFixed(1)),
  };
}
