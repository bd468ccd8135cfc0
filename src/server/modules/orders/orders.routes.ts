import { Hono } from 'hono';
import type { AppEnv } from '../../http/types';
import { requireSession } from '../../http/session';
import { listOrders } from './orders.service';

export const ordersRoutes = new Hono<AppEnv>().use(requireSession).get('/', async (c) => {
  const orders = await listOrders(c.get('deps').db, { ownerId: c.get('user').id });
  return c.json({ orders });
});
