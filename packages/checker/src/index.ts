// Public surface of @linkwatch/checker; everything else is internal. See README.md.

export type { AcceptorMatcher } from './acceptors/acceptor-matcher.ts';
export { compileAcceptors } from './acceptors/acceptor-matcher.ts';
export { normalizeUrl } from './acceptors/normalize-url.ts';
export type { Checker, CheckOptions } from './checker.ts';
export { createChecker } from './checker.ts';
export type { CheckerOptions } from './checker-options.ts';
export {
  CHECKER_DEFAULTS,
  CHECKER_ENV_VARS,
  CHECKER_VERSION,
  DEFAULT_USER_AGENT,
} from './checker-options.ts';
export { DOFOLLOW } from './codes.ts';
export { CheckFailure } from './fetch/check-errors.ts';
export type { FetchedFile, FetchFileOptions, PostFileOptions } from './fetch/fetch-file.ts';
export type { ParseDonorOptions, ParsedDonorPage } from './html/parse-donor-html.ts';
export { DonorPageParser, parseDonorHtml } from './html/parse-donor-html.ts';
export type { SharedHostSlots } from './limits/host-limiter.ts';
export type { Release } from './limits/semaphore.ts';
export { isForbiddenAddress, literalAddressOf, namesForbiddenHost } from './net/address-policy.ts';
export type { LookupFunction } from './net/guarded-lookup.ts';
export { BlockedAddressError, createGuardedLookup } from './net/guarded-lookup.ts';
export { looksClientRendered } from './render/client-rendered.ts';
export type { GuardProxy, RefusedRequest } from './render/guard-proxy.ts';
export { startGuardProxy } from './render/guard-proxy.ts';
export {
  availableMemoryBytes,
  type PoolSize,
  poolSizeFor,
} from './render/pool-size.ts';
export { hostsOf } from './render/render-check.ts';
export type {
  PageScreenshot,
  RenderedPage,
  Renderer,
  RendererOptions,
  RenderOptions,
  ScreenshotOptions,
} from './render/renderer.ts';
export {
  createRenderer,
  RENDERER_DEFAULTS,
  RENDERER_ENV_VARS,
  SCREENSHOT_VIEWPORT,
} from './render/renderer.ts';
export { RobotsCache } from './robots/robots-cache.ts';
export type {
  AcceptorSet,
  CheckError,
  CheckErrorCode,
  CheckRequest,
  CheckResult,
  FoundBacklink,
  RedirectHop,
  RenderInfo,
  RenderMode,
  RenderReason,
} from './types.ts';
