import type { MeResponse } from '@shared/contracts/me';
import { planAccess, type PlanAccess } from '@shared/domain/subscription';

/** planAccess for the signed-in account: its trial's end and its plan, as GET /api/me (and plan.updated) give them. */
export function planAccessOf(me: Pick<MeResponse, 'restaurant' | 'plan'>, now: Date = new Date()): PlanAccess {
  return planAccess({ trialEndsAt: me.restaurant.trialEndsAt, plan: me.plan }, now);
}
