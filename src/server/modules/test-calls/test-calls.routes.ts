import { Hono } from 'hono';
import { z } from 'zod';
import { startTestCallSchema, testCallMessageSchema } from '@shared/contracts/test-calls';
import type { AppEnv } from '../../http/types';
import { requireSession } from '../../http/session';
import { validate } from '../../http/validate';
import { endTestCall, sendTestCallMessage, startTestCall } from './test-calls.service';

const callParam = z.object({ callId: z.uuid('Not a test call id') });

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
  .post('/:callId/end', validate('param', callParam), async (c) => {
    await endTestCall(c.get('deps'), c.get('user').id, c.req.valid('param').callId);
    return c.body(null, 204);
  });
