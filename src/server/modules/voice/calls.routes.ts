import { Hono } from 'hono';
import { z } from 'zod';
import { listCallsQuerySchema } from '@shared/contracts/calls';
import type { AppEnv } from '../../http/types';
import { requireSession } from '../../http/session';
import { validate } from '../../http/validate';
import { getCall, listCalls } from './call-log.service';

const idParam = z.object({ id: z.uuid('Not a call id') });

/** The call log: the owner's calls, read only (the voice webhook writes them). */
export const callsRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .get('/', validate('query', listCallsQuerySchema), async (c) =>
    c.json(await listCalls(c.get('deps').db, c.get('user').id, c.req.valid('query'))),
  )
  .get('/:id', validate('param', idParam), async (c) =>
    c.json({ call: await getCall(c.get('deps').db, c.get('user').id, c.req.valid('param').id) }),
  );
