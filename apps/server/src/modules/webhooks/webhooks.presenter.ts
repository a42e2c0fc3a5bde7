import type {
  TWebhookDeliveryResource,
  TWebhookResource,
  WebhookDeliveryStatus,
  WebhookEventType,
} from '@linkwatch/shared';
import { iso, resource } from '../../http/present.ts';
import type { WebhookDelivery, WebhookEndpoint } from './webhooks.queries.ts';

export function presentWebhook(endpoint: WebhookEndpoint): TWebhookResource {
  return resource('webhooks', endpoint.id, {
    url: endpoint.url,
    events: endpoint.events as WebhookEventType[],
    disabledAt: iso(endpoint.disabledAt),
    failingSince: iso(endpoint.failingSince),
    createdAt: iso(endpoint.createdAt),
  });
}

export function presentDelivery(delivery: WebhookDelivery): TWebhookDeliveryResource {
  return resource('webhook-deliveries', delivery.id, {
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status as WebhookDeliveryStatus,
    attempts: delivery.attempts,
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    lastAttemptAt: iso(delivery.lastAttemptAt),
    nextAttemptAt: delivery.status === 'pending' ? iso(delivery.nextAttemptAt) : null,
    deliveredAt: iso(delivery.deliveredAt),
    createdAt: iso(delivery.createdAt),
  });
}
