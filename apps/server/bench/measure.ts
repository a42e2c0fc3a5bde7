/** Median and 95th percentile of repeated calls, in milliseconds. */
export async function timeCalls(times: number, call: () => Promise<unknown>) {
  await call(); // warm-up: plans cached, pages in memory
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { median: at(0.5), p95: at(0.95), runs: times };
}

/** Peak resident memory while `work` runs, sampled every 20 ms. */
export async function peakRss<T>(work: () => Promise<T>) {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peak, process.memoryUsage().rss) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;
