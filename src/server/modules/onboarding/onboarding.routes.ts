import { Hono } from 'hono';
import { completeOnboardingSchema, onboardingStepSchema } from '@shared/contracts/restaurant';
import type { AppEnv } from '../../http/types';
import { requireSession } from '../../http/session';
import { validate } from '../../http/validate';
import { saveOnboardingStep } from '../restaurants/restaurant.service';
import { completeOnboarding } from './onboarding.service';

export const onboardingRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .post('/step', validate('json', onboardingStepSchema), async (c) => {
    const restaurant = await saveOnboardingStep(c.get('deps').db, c.get('user').id, c.req.valid('json').step);
    return c.json(restaurant);
  })
  .post('/complete', validate('json', completeOnboardingSchema), async (c) => {
    const { db, jobs } = c.get('deps');
    await completeOnboarding(db, jobs, c.get('user').id, c.req.valid('json'));
    return c.json({ ok: true });
  });
