/** Query keys of the profile's API keys and webhooks. */
export const integrationKeys = {
  apiKeys: ['integrations', 'api-keys'] as const,
  webhooks: ['integrations', 'webhooks'] as const,
  deliveries: (endpointId: number | string) =>
    ['integrations', 'webhooks', endpointId, 'deliveries'] as const,
};
