import { Hono } from 'hono';
import { requestPhoneCodeSchema } from '@shared/contracts/phone-verification';
import type { AppEnv } from '../../http/types';
import { requireSession } from '../../http/session';
import { validate } from '../../http/validate';
import { getPhoneVerification, requestPhoneCode } from './phone-verification.service';

/**
 * Codes that prove a phone number is the owner's. Asking texts a code (429 with Retry-After past the limits); the
 * code is entered where the number is connected: onboarding's last step, or Settings → Phone.
 */
export const phoneVerificationRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .post('/', validate('json', requestPhoneCodeSchema), async (c) => {
    const { db, sms, logger, env } = c.get('deps');
    const verification = await requestPhoneCode(
      { db, sms, logger, appUrl: env.APP_URL },
      c.get('user').id,
      c.req.valid('json'),
    );
    return c.json(verification, 201);
  })
  .get('/:id', async (c) => c.json(await getPhoneVerification(c.get('deps').db, c.get('user').id, c.req.param('id'))));
