-- Test-mode numbers were not unique before this migration: keep each number with the restaurant that got it first and
-- send the others back to "not set up", so they are given a unique one on their next setup.
UPDATE "restaurant_profiles" SET "vapi_phone_number" = NULL, "vapi_agent_id" = NULL, "phone_provisioning_status" = 'not_started'
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "vapi_phone_number" ORDER BY "updated_at", "id") AS "n"
    FROM "restaurant_profiles" WHERE "vapi_phone_number" IS NOT NULL
  ) AS "ranked" WHERE "n" > 1
);--> statement-breakpoint
CREATE TABLE "tool_call_results" (
	"call_id" uuid NOT NULL,
	"tool_call_id" text NOT NULL,
	"name" text NOT NULL,
	"result" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_call_results_call_id_tool_call_id_pk" PRIMARY KEY("call_id","tool_call_id")
);
--> statement-breakpoint
ALTER TABLE "restaurant_profiles" ADD COLUMN "vapi_phone_number_id" text;--> statement-breakpoint
ALTER TABLE "restaurant_profiles" ADD COLUMN "allow_custom_orders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_profiles" ADD COLUMN "max_quantity_per_line" integer;--> statement-breakpoint
ALTER TABLE "restaurant_profiles" ADD COLUMN "max_order_lines" integer;--> statement-breakpoint
ALTER TABLE "restaurant_profiles" ADD COLUMN "max_order_total_cents" integer;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "kind" text DEFAULT 'phone' NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "ended_reason" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tool_call_results" ADD CONSTRAINT "tool_call_results_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "restaurant_profiles_vapi_phone_number_unique" ON "restaurant_profiles" USING btree ("vapi_phone_number") WHERE "restaurant_profiles"."vapi_phone_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "restaurant_profiles_vapi_phone_number_id_unique" ON "restaurant_profiles" USING btree ("vapi_phone_number_id") WHERE "restaurant_profiles"."vapi_phone_number_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_call_id_unique" ON "orders" USING btree ("call_id") WHERE "orders"."call_id" is not null;--> statement-breakpoint
ALTER TABLE "restaurant_profiles" ADD CONSTRAINT "restaurant_profiles_order_caps_positive" CHECK (coalesce("restaurant_profiles"."max_quantity_per_line", 1) >= 1 and coalesce("restaurant_profiles"."max_order_lines", 1) >= 1 and coalesce("restaurant_profiles"."max_order_total_cents", 1) >= 1);--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_kind" CHECK ("calls"."kind" in ('phone', 'test'));--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_status" CHECK ("calls"."status" in ('scheduled', 'queued', 'ringing', 'in-progress', 'forwarding', 'ended'));--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_outcome" CHECK ("calls"."outcome" is null or "calls"."outcome" in ('ordered', 'no_order', 'busy', 'closed', 'expired', 'transferred', 'failed'));