import { Hono } from 'hono';
import type { AppEnv } from '../../http/types';
import { requireSession } from '../../http/session';
import { getPhoneSystem, requestPhoneProvisioning } from './phone-system.service';

export const phoneSystemRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .get('/', async (c) => {
    const { db, voice } = c.get('deps');
    return c.json(await getPhoneSystem(db, voice, c.get('user').id));
  })
  .post('/provision', async (c) => {
    const { db, voice, jobs } = c.get('deps');
    const ownerId = c.get('user').id;
    await requestPhoneProvisioning(db, jobs, ownerId);
    return c.json(await getPhoneSystem(db, voice, ownerId), 202);
  });
