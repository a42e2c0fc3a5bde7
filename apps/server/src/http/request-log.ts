import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One debug line per answered request, instead of Fastify's two info lines: at the default level the
 * console shows what happened (start, tasks, errors), not every poll of the web app. Failed requests
 * are still logged as errors.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.debug(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: request.url }, 'no route');
  }
}
