ALTER TABLE "restaurant_profiles" ADD COLUMN "kitchen_capacity" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prep_minutes" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quoted_ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurant_profiles" ADD CONSTRAINT "restaurant_profiles_kitchen_capacity_range" CHECK ("restaurant_profiles"."kitchen_capacity" between 1 and 20);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_prep_minutes_positive" CHECK ("orders"."prep_minutes" is null or "orders"."prep_minutes" >= 1);