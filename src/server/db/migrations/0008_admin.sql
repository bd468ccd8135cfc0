CREATE TABLE "admin_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_user_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_audit_log_action" CHECK ("admin_audit_log"."action" in ('extend_trial', 'retry_phone_setup', 'update_settings', 'retry_job'))
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"trial_days" integer DEFAULT 7 NOT NULL,
	"max_quantity_per_line" integer DEFAULT 25 NOT NULL,
	"max_lines" integer DEFAULT 20 NOT NULL,
	"max_total_cents" integer DEFAULT 50000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_settings_single_row" CHECK ("app_settings"."id" = 1),
	CONSTRAINT "app_settings_trial_days_range" CHECK ("app_settings"."trial_days" between 1 and 90),
	CONSTRAINT "app_settings_max_quantity_per_line_range" CHECK ("app_settings"."max_quantity_per_line" between 1 and 500),
	CONSTRAINT "app_settings_max_lines_range" CHECK ("app_settings"."max_lines" between 1 and 100),
	CONSTRAINT "app_settings_max_total_cents_range" CHECK ("app_settings"."max_total_cents" between 100 and 1000000)
);
--> statement-breakpoint
CREATE TABLE "webhook_stats" (
	"provider" text PRIMARY KEY NOT NULL,
	"last_received_at" timestamp with time zone,
	"received_count" bigint DEFAULT 0 NOT NULL,
	"rejected_count" bigint DEFAULT 0 NOT NULL,
	"last_rejected_at" timestamp with time zone,
	"last_rejected_status" smallint,
	CONSTRAINT "webhook_stats_provider" CHECK ("webhook_stats"."provider" in ('stripe', 'vapi', 'twilio'))
);
--> statement-breakpoint
ALTER TABLE "restaurant_profiles" ADD COLUMN "last_order_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_created_idx" ON "admin_audit_log" USING btree ("target_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_created_idx" ON "profiles" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "restaurant_profiles_trial_ends_idx" ON "restaurant_profiles" USING btree ("trial_ends_at");--> statement-breakpoint
CREATE INDEX "restaurant_profiles_last_order_idx" ON "restaurant_profiles" USING btree ("last_order_at");--> statement-breakpoint
-- The admin search finds text anywhere in a name or e-mail: trigram indexes on the lower-cased text, written through
-- on insert (no pending list: PGlite never vacuums, and a long pending list makes every search scan it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "user_email_search_idx" ON "user" USING gin (lower("email") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "profiles_name_search_idx" ON "profiles" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "restaurant_profiles_name_search_idx" ON "restaurant_profiles" USING gin (lower("restaurant_name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- restaurant_profiles.last_order_at follows every new order, however it is inserted (phone, test order, test call).
CREATE FUNCTION "restaurant_profiles_touch_last_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "restaurant_profiles" SET "last_order_at" = NEW."created_at"
  WHERE "id" = NEW."user_id" AND ("last_order_at" IS NULL OR "last_order_at" < NEW."created_at");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_touch_last_order" AFTER INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION "restaurant_profiles_touch_last_order"();--> statement-breakpoint
UPDATE "restaurant_profiles" AS r SET "last_order_at" = o."last_order_at"
FROM (SELECT "user_id", max("created_at") AS "last_order_at" FROM "orders" GROUP BY "user_id") AS o
WHERE o."user_id" = r."id";
