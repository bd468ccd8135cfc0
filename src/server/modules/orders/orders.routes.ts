import { Hono } from 'hono';
import { z } from 'zod';
import {
  cancelOrderSchema,
  createTestOrderSchema,
  listOrdersQuerySchema,
  prepTimeSchema,
} from '@shared/contracts/orders';
import type { AppEnv } from '../../http/types';
import { requireSession } from '../../http/session';
import { validate } from '../../http/validate';
import { cancelOrder, changeOrderStatus, listOrders } from './orders.service';
import { createTestOrder } from './test-orders';

const idParam = z.object({ id: z.uuid('Not an order id') });

export const ordersRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .get('/', validate('query', listOrdersQuerySchema), async (c) =>
    c.json(await listOrders(c.get('deps').db, c.get('user').id, c.req.valid('query'))),
  )
  .post('/test', validate('json', createTestOrderSchema), async (c) => {
    const deps = c.get('deps');
    const order = await createTestOrder(deps, c.get('user').id, c.req.valid('json'), deps.testOrderLimit);
    return c.json({ order }, 201);
  })
  .post('/:id/prep-time', validate('param', idParam), validate('json', prepTimeSchema), async (c) => {
    const order = await changeOrderStatus(c.get('deps'), c.get('user').id, c.req.valid('param').id, {
      to: 'preparing',
      readyInMinutes: c.req.valid('json').minutes,
    });
    return c.json({ order });
  })
  .post('/:id/ready', validate('param', idParam), async (c) => {
    const order = await changeOrderStatus(c.get('deps'), c.get('user').id, c.req.valid('param').id, { to: 'ready' });
    return c.json({ order });
  })
  .post('/:id/complete', validate('param', idParam), async (c) => {
    const order = await changeOrderStatus(c.get('deps'), c.get('user').id, c.req.valid('param').id, {
      to: 'completed',
    });
    return c.json({ order });
  })
  .post('/:id/cancel', validate('param', idParam), validate('json', cancelOrderSchema), async (c) => {
    const { id } = c.req.valid('param');
    const order = await cancelOrder(c.get('deps'), c.get('user').id, id, c.req.valid('json').reason);
    return c.json({ order });
  });
