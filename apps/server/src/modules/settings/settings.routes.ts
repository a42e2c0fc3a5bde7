import { ZSettingsResponse } from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { resource } from '../../http/present.ts';
import { loadSettings, SETTINGS_ID } from './settings.service.ts';

export function settingsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/settings',
    { schema: { tags: ['settings'], response: { 200: ZSettingsResponse } } },
    async () => ({
      data: resource('settings', SETTINGS_ID, await loadSettings(ctx)),
    }),
  );
}
