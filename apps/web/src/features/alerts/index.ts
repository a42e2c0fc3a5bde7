// The alerts feature (issue 32): a project's alert rule, the user's Slack and Telegram channels, the digest.
export { AlertSettings } from './AlertSettings.tsx';
export { alertKeys } from './api/alerts.ts';
export { alertsPath } from './paths.ts';
