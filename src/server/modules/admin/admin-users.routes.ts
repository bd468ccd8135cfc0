import { Hono } from 'hono';
import {
  adminUserParamsSchema,
  adminUsersQuerySchema,
  adminUsersViewSchema,
  extendTrialRequestSchema,
} from '@shared/contracts/admin';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import {
  extendUserTrial,
  getAdminStats,
  getAdminUserDetails,
  listAdminUsersPage,
  retryUserPhoneSetup,
} from './admin-users.service';
import { exportAdminUsersCsv, exportFileName } from './admin-export';

/** The accounts: /admin and /admin/users. Mounted behind the admin guard (admin.routes.ts). */
export const adminUserRoutes = new Hono<AppEnv>()
  .get('/stats', async (c) => c.json(await getAdminStats(c.get('deps').db)))
  .get('/users', validate('query', adminUsersQuerySchema), async (c) =>
    c.json(await listAdminUsersPage(c.get('deps').db, c.req.valid('query'))),
  )
  // Before /users/:id, which would otherwise take 'export' for an id.
  .get('/users/export', validate('query', adminUsersViewSchema), async (c) => {
    const now = new Date();
    const csv = await exportAdminUsersCsv(c.get('deps').db, c.req.valid('query'), now);
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(now)}"`,
      'Cache-Control': 'no-store',
    });
  })
  .get('/users/:id', validate('param', adminUserParamsSchema), async (c) =>
    c.json(await getAdminUserDetails(c.get('deps').db, { userId: c.req.valid('param').id })),
  )
  .post(
    '/users/:id/extend-trial',
    validate('param', adminUserParamsSchema),
    validate('json', extendTrialRequestSchema),
    async (c) => {
      const { db, hub, logger } = c.get('deps');
      const { id } = c.req.valid('param');
      const { days } = c.req.valid('json');
      const actor = c.get('user');
      const updated = await extendUserTrial(db, hub, { userId: id, days, actor });
      logger.info({ adminId: actor.id, userId: id, days, trialEndsAt: updated.trialEndsAt }, 'admin extended trial');
      return c.json(updated);
    },
  )
  .post('/users/:id/retry-phone-setup', validate('param', adminUserParamsSchema), async (c) => {
    const { db, jobs, logger } = c.get('deps');
    const { id } = c.req.valid('param');
    const actor = c.get('user');
    const updated = await retryUserPhoneSetup(db, jobs, { userId: id, actor });
    logger.info({ adminId: actor.id, userId: id }, 'admin retried phone setup');
    return c.json(updated);
  });
