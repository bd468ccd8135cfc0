import { Hono } from 'hono';
import { z } from 'zod';
import { startTestCallSchema, testCallMessageSchema } from '@shared/contracts/test-calls';
import type { AppEnv } from '../../http/types';
import { requireSession } from '../../http/session';
import { validate } from '../../http/validate';
import { endTestCall, sendTestCallMessage, startTestCall } from './test-calls.service';

const callParam = z.object({ callId: z.uuid('Not a test call id') });
const endQuery = z.object({ left: z.enum(['1'], 'left must be 1 when given').optional() });

/** The owner's in-browser test calls with their own assistant. */
export const testCallsRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .post('/', validate('json', startTestCallSchema), async (c) =>
    c.json(await startTestCall(c.get('deps'), c.get('user').id, c.req.valid('json')), 201),
  )
  .post('/:callId/messages', validate('param', callParam), validate('json', testCallMessageSchema), async (c) =>
    c.json(
      await sendTestCallMessage(c.get('deps'), c.get('user').id, c.req.valid('param').callId, c.req.valid('json').text),
    ),
  )
  // `?left=1`: the page closed or moved on with the call still on (sent as a beacon as the page goes away).
  .post('/:callId/end', validate('param', callParam), validate('query', endQuery), async (c) => {
    await endTestCall(c.get('deps'), c.get('user').id, c.req.valid('param').callId, {
      left: c.req.valid('query').left === '1',
    });
    return c.body(null, 204);
  });
