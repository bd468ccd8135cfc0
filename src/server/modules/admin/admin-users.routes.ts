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
import { recordAdminRead } from './audit';

/**
 * The accounts: /admin and /admin/users. Mounted behind the admin guard (admin.routes.ts). The export and one
 * account's details are reads of personal data, each recorded in the audit trail before it is answered.
 */
export const adminUserRoutes = new Hono<AppEnv>()
  .get('/stats', async (c) => c.json(await getAdminStats(c.get('deps').db)))
  .get('/users', validate('query', adminUsersQuerySchema), async (c) =>
    c.json(await listAdminUsersPage(c.get('deps').db, c.req.valid('query'))),
  )
  // Before /users/:id, which would otherwise take 'export' for an id.
  .get('/users/export', validate('query', adminUsersViewSchema), async (c) => {
    const { db } = c.get('deps');
    const view = c.req.valid('query');
    const now = new Date();
    const { csv, rows } = await exportAdminUsersCsv(db, view, now);
    await recordAdminRead(
      db,
      {
        actor: c.get('user'),
        action: 'export_users',
        targetUserId: null,
        what: { search: view.q ?? null, filter: view.filter ?? null, sort: view.sort, direction: view.dir, rows },
      },
      now,
    );
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(now)}"`,
      'Cache-Control': 'no-store',
    });
  })
  .get('/users/:id', validate('param', adminUserParamsSchema), async (c) => {
    const { db } = c.get('deps');
    const { id } = c.req.valid('param');
    // Read first: the dialog lists the earlier reads of the account, and an unknown one (404) records nothing.
    const details = await getAdminUserDetails(db, { userId: id });
    await recordAdminRead(db, { actor: c.get('user'), action: 'view_user', targetUserId: id, what: {} });
    return c.json(details);
  })
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
