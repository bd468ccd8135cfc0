import { Hono } from 'hono';
import type { AppEnv } from '../../http/types';
import { requireAdmin, requireSession } from '../../http/session';
import { adminUserRoutes } from './admin-users.routes';
import { adminOperationsRoutes } from './admin-operations.routes';
import { adminEmailsRoutes } from './admin-emails.routes';

/**
 * Every /api/admin route, administrators only: the session is checked first (401), then the admin list (403), then
 * the input (400). Sub-routers are mounted after the guard, so a route added to either is guarded too (a test walks
 * them all).
 */
export const adminRoutes = new Hono<AppEnv>()
  .use(requireSession, requireAdmin)
  .route('/', adminUserRoutes)
  .route('/', adminOperationsRoutes)
  .route('/', adminEmailsRoutes);
