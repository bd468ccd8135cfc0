import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/types';
import { requireSession } from '../../http/session';
import { validate } from '../../http/validate';
import { listOutbox } from './notifications.service';

export const notificationsRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .get('/', validate('query', z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) })), async (c) =>
    c.json({ messages: await listOutbox(c.get('deps').db, c.get('user').id, c.req.valid('query').limit) }),
  );
