export interface Deadline {
  /** Aborts when the time is up or the caller's signal aborts. */
  signal: AbortSignal;
  /** Stops the timer and lets go of the caller's signal; call it once the work is over. */
  dispose(): void;
}

/**
 * A time limit for one piece of work, cancelled early by the caller's signal. Unlike
 * AbortSignal.timeout() with AbortSignal.any(), its timer is cleared as soon as the work is done,
 * so a run of many thousand checks does not keep a timer and a signal alive for each one.
 */
export function startDeadline(timeoutMs: number, callerSignal?: AbortSignal): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(new DOMException('the time limit was reached', 'TimeoutError'));
  }, timeoutMs);
  timer.unref();
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}
