import { Hono } from 'hono';
import { appSettingsSchema, failedJobParamsSchema, type RetryJobResponse } from '@shared/contracts/admin';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { getAdminOperations, retryFailedJob, saveAppSettings } from './operations.service';

/** /admin/settings: the service's health and its runtime settings. Mounted behind the admin guard (admin.routes.ts). */
export const adminOperationsRoutes = new Hono<AppEnv>()
  .get('/operations', async (c) => c.json(await getAdminOperations(c.get('deps'))))
  .put('/settings', validate('json', appSettingsSchema), async (c) => {
    const { db, logger } = c.get('deps');
    const user = c.get('user');
    const { settings, changed } = await saveAppSettings(db, user, c.req.valid('json'));
    if (changed.length > 0) logger.info({ adminId: user.id, changed }, 'admin changed settings');
    return c.json(settings);
  })
  .post('/jobs/:queue/:id/retry', validate('param', failedJobParamsSchema), async (c) => {
    const deps = c.get('deps');
    const user = c.get('user');
    const { queue, id } = c.req.valid('param');
    await retryFailedJob(deps, user, { queue, id });
    deps.logger.info({ adminId: user.id, queue, jobId: id }, 'admin retried a failed job');
    const body: RetryJobResponse = { ok: true };
    return c.json(body);
  });
