import { and, eq } from 'drizzle-orm';
import { toE164 } from '@shared/domain/phone';
import { ONBOARDING_STEP_COUNT } from '@shared/domain/onboarding';
import type { Database } from '../../db/client';
import { restaurantProfiles } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { JobQueue } from '../../jobs/job-queue';
import { enqueueProvisioning, isNumberTaken, NUMBER_TAKEN_MESSAGE } from '../phone-system/phone-system.service';

/**
 * The last Continue: onboarding is complete the moment this commits. Setting up the phone system follows as a
 * durable job and never holds the owner back.
 */
export async function completeOnboarding(
  db: Database,
  jobs: JobQueue,
  ownerId: string,
  input: { phoneNumber: string; requestNewNumber: boolean },
) {
  const [restaurant] = await db
    .select({ restaurantName: restaurantProfiles.restaurantName, completed: restaurantProfiles.hasCompletedOnboarding })
    .from(restaurantProfiles)
    .where(eq(restaurantProfiles.id, ownerId));
  if (!restaurant) throw new HttpError(404, 'Restaurant profile not found');
  if (restaurant.completed) throw new HttpError(409, 'Onboarding is already complete');
  if (!restaurant.restaurantName) throw new HttpError(400, 'Add your restaurant information first', 'restaurantName');

  const complete = (phoneSystem: Partial<typeof restaurantProfiles.$inferInsert>) =>
    db
      .update(restaurantProfiles)
      .set({
        hasCompletedOnboarding: true,
        onboardingStep: ONBOARDING_STEP_COUNT,
        ...phoneSystem,
        updatedAt: new Date(),
      })
      .where(and(eq(restaurantProfiles.id, ownerId), eq(restaurantProfiles.hasCompletedOnboarding, false)))
      .returning({ id: restaurantProfiles.id });

  let updated;
  try {
    updated = await complete({
      phoneNumberPending: input.requestNewNumber,
      vapiPhoneNumber: input.requestNewNumber ? null : toE164(input.phoneNumber),
      phoneProvisioningStatus: 'pending',
      phoneProvisioningError: null,
    });
  } catch (error) {
    if (!isNumberTaken(error)) throw error;
    // The owner's own number is already another restaurant's. Onboarding still completes; the phone set-up fails
    // with the reason, and a retry from Settings sets up a new number instead.
    updated = await complete({
      phoneNumberPending: true,
      vapiPhoneNumber: null,
      phoneProvisioningStatus: 'failed',
      phoneProvisioningError: NUMBER_TAKEN_MESSAGE,
    });
    if (updated.length === 0) throw new HttpError(409, 'Onboarding is already complete');
    return;
  }
  if (updated.length === 0) throw new HttpError(409, 'Onboarding is already complete');

  await enqueueProvisioning(jobs, ownerId);
}
