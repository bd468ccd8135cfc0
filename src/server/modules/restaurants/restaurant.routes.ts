import { Hono } from 'hono';
import { zValidator } from '@hono/zod-validator';
import { z } from 'zod';
import {
  botPreferencesSchema,
  busyModeSchema,
  businessHoursSchema,
  menuItemSchema,
  preferencesSchema,
  restaurantInfoSchema,
} from '@shared/contracts/restaurant';
import type { AppEnv } from '../../http/types';
import { requireSession } from '../../http/session';
import { CONTROL_CHARACTER_MESSAGE, findControlCharacter, validate } from '../../http/validate';
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
import { menuCategoryOrderSchema, menuCategorySchema, menuQuickAddSchema } from '@shared/contracts/menu';
import {
  createMenuCategory,
  createMenuItem,
  deleteMenuCategory,
  deleteMenuItem,
  listMenuCategories,
  listMenuItems,
  quickAddMenuItems,
  reorderMenuCategories,
  renameMenuCategory,
  updateMenuItem,
} from './menu.service';

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
    c.json(await setBusyMode(c.get('deps'), c.get('user').id, c.req.valid('json'))),
  );

const idParam = z.object({ id: z.uuid('Not a menu item id') });
const categoryIdParam = z.object({ id: z.uuid('Not a category id') });

/**
 * A quick add is all or nothing, so a refusal names every bad dish, not only the first: `{error, field}` as
 * everywhere, `field` being the first problem's path.
 */
const validateEveryItem = zValidator('json', menuQuickAddSchema, (result, c) => {
  if (result.success) {
    const bad = findControlCharacter(result.data);
    if (bad === null) return;
    return c.json({ error: `${bad}: ${CONTROL_CHARACTER_MESSAGE}`, field: bad || undefined }, 400);
  }
  const issues = result.error.issues.slice(0, 10);
  const paths = issues.map((i) => i.path.join('.'));
  const reasons = issues.map((issue, i) => {
    const [, index, field] = issue.path;
    return typeof index === 'number' && field !== undefined
      ? `dish ${index + 1}: ${issue.message}`
      : paths[i]
        ? `${paths[i]}: ${issue.message}`
        : issue.message;
  });
  const message = paths[0]?.startsWith('items.') ? `Nothing was added. ${reasons.join('; ')}` : reasons[0]!;
  return c.json({ error: message, field: paths[0] || undefined }, 400);
});

export const menuItemRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .get('/', async (c) => c.json({ items: await listMenuItems(c.get('deps').db, c.get('user').id) }))
  .post('/', validate('json', menuItemSchema), async (c) =>
    c.json(await createMenuItem(c.get('deps').db, c.get('user').id, c.req.valid('json')), 201),
  )
  .post('/quick-add', validateEveryItem, async (c) =>
    c.json(await quickAddMenuItems(c.get('deps').db, c.get('user').id, c.req.valid('json').items), 201),
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

export const menuCategoryRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .get('/', async (c) => c.json({ categories: await listMenuCategories(c.get('deps').db, c.get('user').id) }))
  .post('/', validate('json', menuCategorySchema), async (c) =>
    c.json(await createMenuCategory(c.get('deps').db, c.get('user').id, c.req.valid('json').name), 201),
  )
  .put('/order', validate('json', menuCategoryOrderSchema), async (c) =>
    c.json({
      categories: await reorderMenuCategories(c.get('deps').db, c.get('user').id, c.req.valid('json').ids),
    }),
  )
  .put('/:id', validate('param', categoryIdParam), validate('json', menuCategorySchema), async (c) =>
    c.json(
      await renameMenuCategory(c.get('deps').db, c.get('user').id, c.req.valid('param').id, c.req.valid('json').name),
    ),
  )
  .delete('/:id', validate('param', categoryIdParam), async (c) => {
    await deleteMenuCategory(c.get('deps').db, c.get('user').id, c.req.valid('param').id);
    return c.body(null, 204);
  });
