// What other features and pages may use of integrations: the profile's API keys and webhooks sections.
export { ApiKeysSection } from './ApiKeysSection.tsx';
export { WebhooksSection } from './WebhooksSection.tsx';
