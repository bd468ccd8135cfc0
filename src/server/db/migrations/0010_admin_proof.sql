ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_action";--> statement-breakpoint
ALTER TABLE "emails" DROP CONSTRAINT "emails_kind";--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "admin_role" text;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_admin_role" CHECK ("user"."admin_role" in ('granted', 'revoked'));--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action" CHECK ("admin_audit_log"."action" in ('extend_trial', 'retry_phone_setup', 'update_settings', 'retry_job', 'grant_admin', 'revoke_admin'));--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_kind" CHECK ("emails"."kind" in ('password_reset', 'email_verification'));