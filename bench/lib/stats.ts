/** Latency summaries in milliseconds. Percentiles use the nearest-rank method over every sample. */

export interface LatencySummary {
  samples: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export function summarize(values: ArrayLike<number>): LatencySummary {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  if (n === 0) return { samples: 0, p50: NaN, p95: NaN, p99: NaN, max: NaN, mean: NaN };
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    samples: n,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[n - 1]!,
    mean: sum / n,
  };
}

/** Nearest rank on an ascending array: the smallest value with at least p% of the samples at or below it. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '-';
  return ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0);
}
