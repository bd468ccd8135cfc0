import { and, eq } from 'drizzle-orm';
import { toE164 } from '@shared/domain/phone';
import { ONBOARDING_STEP_COUNT } from '@shared/domain/onboarding';
import type { Database, Transaction } from '../../db/client';
import { restaurantProfiles } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { JobQueue } from '../../jobs/job-queue';
import {
  enqueueProvisioning,
  isNumberTaken,
  makeWayForProvenNumber,
  NUMBER_TAKEN_MESSAGE,
} from '../phone-system/phone-system.service';
import { checkPhoneCode, markPhoneCodeUsed } from '../phone-verification/phone-verification.service';

/**
 * The last Continue: onboarding is complete the moment this commits. Setting up the phone system follows as a
 * durable job and never holds the owner back. The owner's own number is stored only with the code texted to it
 * (POST /api/phone-verifications); a new dedicated number needs none.
 */
export async function completeOnboarding(
  db: Database,
  jobs: JobQueue,
  ownerId: string,
  input: { phoneNumber: string; requestNewNumber: boolean; verificationId?: string; code?: string },
) {
  const [restaurant] = await db
    .select({ restaurantName: restaurantProfiles.restaurantName, completed: restaurantProfiles.hasCompletedOnboarding })
    .from(restaurantProfiles)
    .where(eq(restaurantProfiles.id, ownerId));
  if (!restaurant) throw new HttpError(404, 'Restaurant profile not found');
  if (restaurant.completed) throw new HttpError(409, 'Onboarding is already complete');
  if (!restaurant.restaurantName) throw new HttpError(400, 'Add your restaurant information first', 'restaurantName');

  const complete = async (tx: Database | Transaction, phoneSystem: Partial<typeof restaurantProfiles.$inferInsert>) => {
    const updated = await tx
      .update(restaurantProfiles)
      .set({
        hasCompletedOnboarding: true,
        onboardingStep: ONBOARDING_STEP_COUNT,
        ...phoneSystem,
        updatedAt: new Date(),
      })
      .where(and(eq(restaurantProfiles.id, ownerId), eq(restaurantProfiles.hasCompletedOnboarding, false)))
      .returning({ id: restaurantProfiles.id });
    if (updated.length === 0) throw new HttpError(409, 'Onboarding is already complete');
  };
  // The owner's own number is already another restaurant's. Onboarding still completes; the phone set-up fails with
  // the reason, and a retry from Settings sets up a new number instead.
  const completeWithNumberTaken = () =>
    complete(db, {
      phoneNumberPending: true,
      vapiPhoneNumber: null,
      vapiPhoneNumberVerifiedAt: null,
      phoneProvisioningStatus: 'failed',
      phoneProvisioningError: NUMBER_TAKEN_MESSAGE,
    });

  if (input.requestNewNumber) {
    await complete(db, {
      phoneNumberPending: true,
      vapiPhoneNumber: null,
      vapiPhoneNumberVerifiedAt: null,
      phoneProvisioningStatus: 'pending',
      phoneProvisioningError: null,
    });
    await enqueueProvisioning(jobs, ownerId);
    return;
  }

  const phoneNumber = toE164(input.phoneNumber)!;
  const proof = await checkPhoneCode(db, ownerId, {
    verificationId: input.verificationId!,
    phoneNumber,
    code: input.code!,
  });
  let stored: boolean;
  try {
    stored = await db.transaction(async (tx) => {
      await markPhoneCodeUsed(tx, ownerId, proof.verificationId);
      if ((await makeWayForProvenNumber(tx, ownerId, phoneNumber)) === 'taken') return false;
      await complete(tx, {
        phoneNumberPending: false,
        vapiPhoneNumber: phoneNumber,
        vapiPhoneNumberVerifiedAt: new Date(),
        phoneProvisioningStatus: 'pending',
        phoneProvisioningError: null,
      });
      return true;
    });
  } catch (error) {
    // Stored by another restaurant in the same moment.
    if (!isNumberTaken(error)) throw error;
    stored = false;
  }
  if (!stored) return completeWithNumberTaken();
  await enqueueProvisioning(jobs, ownerId);
}
