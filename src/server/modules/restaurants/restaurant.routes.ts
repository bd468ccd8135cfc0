import { Hono } from 'hono';
import { z } from 'zod';
import {
  botPreferencesSchema,
  businessHoursSchema,
  menuItemSchema,
  preferencesSchema,
  restaurantInfoSchema,
} from '@shared/contracts/restaurant';
import { busyModeSchema } from '@shared/contracts/orders';
import type { AppEnv } from '../../http/types';
import { requireSession } from '../../http/session';
import { validate } from '../../http/validate';
import {
  getBotPreferences,
  getBusinessHours,
  getRestaurant,
  replaceBusinessHours,
  saveBotPreferences,
  saveMessagingPreferences,
  setBusyMode,
  updateRestaurantInfo,
} from './restaurant.service';
import { createMenuItem, deleteMenuItem, listMenuItems, updateMenuItem } from './menu.service';

export const restaurantRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .get('/', async (c) => c.json(await getRestaurant(c.get('deps').db, c.get('user').id)))
  .put('/', validate('json', restaurantInfoSchema), async (c) =>
    c.json(await updateRestaurantInfo(c.get('deps').db, c.get('user').id, c.req.valid('json'))),
  )
  .get('/hours', async (c) => c.json({ hours: await getBusinessHours(c.get('deps').db, c.get('user').id) }))
  .put('/hours', validate('json', businessHoursSchema), async (c) => {
    const hours = await replaceBusinessHours(c.get('deps').db, c.get('user').id, c.req.valid('json').hours);
    return c.json({ hours });
  })
  .get('/bot', async (c) => c.json(await getBotPreferences(c.get('deps').db, c.get('user').id)))
  .put('/bot', validate('json', botPreferencesSchema), async (c) =>
    c.json(await saveBotPreferences(c.get('deps').db, c.get('user').id, c.req.valid('json'))),
  )
  .put('/preferences', validate('json', preferencesSchema), async (c) =>
    c.json(await saveMessagingPreferences(c.get('deps').db, c.get('user').id, c.req.valid('json'))),
  )
  .put('/busy-mode', validate('json', busyModeSchema), async (c) =>
    c.json(await setBusyMode(c.get('deps'), c.get('user').id, c.req.valid('json').isBusyMode)),
  );

const idParam = z.object({ id: z.uuid('Not a menu item id') });

export const menuItemRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .get('/', async (c) => c.json({ items: await listMenuItems(c.get('deps').db, c.get('user').id) }))
  .post('/', validate('json', menuItemSchema), async (c) =>
    c.json(await createMenuItem(c.get('deps').db, c.get('user').id, c.req.valid('json')), 201),
  )
  .put('/:id', validate('param', idParam), validate('json', menuItemSchema), async (c) =>
    c.json(await updateMenuItem(c.get('deps').db, c.get('user').id, c.req.valid('param').id, c.req.valid('json'))),
  )
  .patch(
    '/:id/availability',
    validate('param', idParam),
    validate('json', z.object({ isAvailable: z.boolean() })),
    async (c) =>
      c.json(await updateMenuItem(c.get('deps').db, c.get('user').id, c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', validate('param', idParam), async (c) => {
    await deleteMenuItem(c.get('deps').db, c.get('user').id, c.req.valid('param').id);
    return c.body(null, 204);
  });
