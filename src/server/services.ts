import type { DatabaseHandle } from './db/client';
import type { Logger } from './logger';
import { startJobQueue, stopJobQueue, type JobQueue } from './jobs/job-queue';
import type { VoiceProvider } from './providers/voice/voice-provider';
import type { SmsProvider } from './providers/sms/sms-provider';
import type { EmailProvider } from './providers/email/email-provider';
import type { BillingProvider } from './providers/billing/billing-provider';
import type { LocalBillingProvider } from './providers/billing/local-billing-provider';
import { advanceLocalBilling } from './modules/billing/billing.service';
import { endExpiredBusyModes } from './modules/restaurants/restaurant.service';
import { endSilentCalls } from './modules/voice/calls.service';
import { RealtimeHub } from './realtime/realtime-hub';
import type { StreamLimits } from './realtime/stream-limits';
import { createChangeListener } from './realtime/change-listener';
import { recoverPendingProvisioning, startPhoneProvisioningWorker } from './modules/phone-system/phone-system.service';
import { requeueStalledNotifications, startSmsWorker } from './modules/notifications/notifications.service';
import { requeueStalledEmails, startEmailWorker } from './modules/email/email.service';

export interface Services {
  jobs: JobQueue;
  hub: RealtimeHub;
  /** Stops the workers and the realtime hub; `graceful: false` gives running jobs 1 s to finish instead of 5 s. */
  stop(options?: { graceful?: boolean }): Promise<void>;
}

const SWEEP_MS = 30_000;

/**
 * Everything that runs beside the HTTP handlers: the job queue, its workers, the realtime hub and its LISTEN, and
 * the sweep that re-queues work a crash may have orphaned. With runWorkers false this instance only serves HTTP
 * (and still publishes jobs for other instances to run).
 */
export async function startServices({
  database,
  logger,
  voice,
  sms,
  email,
  billing,
  localBilling,
  appUrl,
  runWorkers,
  sendingLeaseMs,
  streamLimits,
}: {
  database: DatabaseHandle;
  logger: Logger;
  voice: VoiceProvider;
  sms: SmsProvider;
  email: EmailProvider;
  billing: BillingProvider;
  /** The local test mode's payment provider, whose renewals the sweep runs; null with Stripe. */
  localBilling: LocalBillingProvider | null;
  appUrl: string;
  runWorkers: boolean;
  /** How long a text may stay 'sending' before it is retaken; SENDING_LEASE_MS unless set (the crash test). */
  sendingLeaseMs?: number;
  /** Caps on live streams, per account and in all, and their ping interval. */
  streamLimits: StreamLimits;
}): Promise<Services> {
  const { db } = database;
  const jobs = await startJobQueue(database, logger);
  const hub = new RealtimeHub(db, logger, streamLimits);
  await hub.start(createChangeListener(database, logger));

  let sweep: NodeJS.Timeout | null = null;
  if (runWorkers) {
    await startPhoneProvisioningWorker({ db, voice, logger, jobs });
    await startSmsWorker({ db, jobs, hub, sms, logger, sendingLeaseMs });
    await startEmailWorker({ db, jobs, email, logger });
    const phones = await recoverPendingProvisioning(db, jobs);
    const texts = await requeueStalledNotifications(db, jobs, { queuedForMs: 0, sendingLeaseMs });
    const emails = await requeueStalledEmails(db, jobs, 0);
    if (phones + texts + emails > 0) {
      logger.info({ phones, texts, emails }, 're-queued unfinished work from before the restart');
    }
    sweep = setInterval(() => {
      requeueStalledNotifications(db, jobs, { sendingLeaseMs }).catch((error: unknown) =>
        logger.warn({ err: error }, 'could not re-queue stalled texts'),
      );
      requeueStalledEmails(db, jobs).catch((error: unknown) =>
        logger.warn({ err: error }, 'could not re-queue stalled e-mails'),
      );
      endExpiredBusyModes({ db, hub }).catch((error: unknown) =>
        logger.warn({ err: error }, 'could not end expired busy modes'),
      );
      endSilentCalls({ db, hub }).catch((error: unknown) =>
        logger.warn({ err: error }, 'could not end calls gone silent'),
      );
      if (localBilling) {
        advanceLocalBilling({ db, hub, billing, logger, appUrl }, localBilling).catch((error: unknown) =>
          logger.warn({ err: error }, 'could not renew test-mode subscriptions'),
        );
      }
    }, SWEEP_MS);
    sweep.unref();
  }

  return {
    jobs,
    hub,
    async stop({ graceful = true } = {}) {
      if (sweep) clearInterval(sweep);
      await hub.stop();
      await stopJobQueue(jobs, { timeoutMs: graceful ? 5_000 : 1_000 });
    },
  };
}
