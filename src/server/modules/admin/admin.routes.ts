import { Hono } from 'hono';
import { adminUserParamsSchema, extendTrialRequestSchema } from '@shared/contracts/admin';
import type { AppEnv } from '../../http/types';
import { requireAdmin, requireSession } from '../../http/session';
import { validate } from '../../http/validate';
import { extendUserTrial, listAdminUsers } from './admin.service';

/** Administrators only: the session is checked first (401), then the admin list (403), then the input (400). */
export const adminRoutes = new Hono<AppEnv>()
  .use(requireSession, requireAdmin)
  .get('/users', async (c) => c.json(await listAdminUsers(c.get('deps').db)))
  .post(
    '/users/:id/extend-trial',
    validate('param', adminUserParamsSchema),
    validate('json', extendTrialRequestSchema),
    async (c) => {
      const { db, logger } = c.get('deps');
      const { id } = c.req.valid('param');
      const { days } = c.req.valid('json');
      const updated = await extendUserTrial(db, { userId: id, days });
      logger.info(
        { adminId: c.get('user').id, userId: id, days, trialEndsAt: updated.trialEndsAt },
        'admin extended trial',
      );
      return c.json(updated);
    },
  );
