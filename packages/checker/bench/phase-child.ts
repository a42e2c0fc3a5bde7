import { type PhaseReport, type PhaseRequest, runPhase } from './phases.ts';

// Each phase runs in a fresh process, so its peak RSS is its own. A phase that crashes (a third-
// party library's unhandled error, say) is reported as failed instead of taking the run down.
process.once('message', async (request: PhaseRequest) => {
  const fail = (error: unknown) => {
    const failed: PhaseReport = {
      phase: request.phase,
      pages: request.urls.length,
      seconds: 0,
      pagesPerSecond: 0,
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      cores: 0,
      failure: error instanceof Error ? error.message : String(error),
    };
    process.send?.(failed, () => process.exit(1));
  };
  process.once('uncaughtException', fail);
  try {
    const report = await runPhase(request);
    process.send?.(report, () => process.exit(0));
  } catch (error) {
    fail(error);
  }
});
