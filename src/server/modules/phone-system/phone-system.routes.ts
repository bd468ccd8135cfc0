import { Hono } from 'hono';
import { connectOwnNumberSchema } from '@shared/contracts/phone-verification';
import type { AppEnv } from '../../http/types';
import { requireSession } from '../../http/session';
import { validate } from '../../http/validate';
import { connectOwnNumber, getPhoneSystem, requestPhoneProvisioning } from './phone-system.service';

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
  })
  /** Connects a number of the owner's own, with the code texted to it (POST /api/phone-verifications). */
  .post('/number', validate('json', connectOwnNumberSchema), async (c) => {
    const { db, voice, jobs } = c.get('deps');
    const ownerId = c.get('user').id;
    const { isSettingUp } = await connectOwnNumber({ db, jobs }, ownerId, c.req.valid('json'));
    return c.json(await getPhoneSystem(db, voice, ownerId), isSettingUp ? 202 : 200);
  });
