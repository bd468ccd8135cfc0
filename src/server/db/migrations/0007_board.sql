CREATE TABLE "menu_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status";--> statement-breakpoint
ALTER TABLE "bot_preferences" ADD COLUMN "busy_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_hours" ADD COLUMN "open_time_2" time;--> statement-breakpoint
ALTER TABLE "business_hours" ADD COLUMN "close_time_2" time;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "daily_number" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "business_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD CONSTRAINT "menu_categories_restaurant_id_restaurant_profiles_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurant_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "menu_categories_restaurant_name_unique" ON "menu_categories" USING btree ("restaurant_id",lower("name"));--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_category_id_menu_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."menu_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_daily_number_unique" ON "orders" USING btree ("user_id","business_date","daily_number") WHERE "orders"."daily_number" is not null;--> statement-breakpoint
ALTER TABLE "business_hours" ADD CONSTRAINT "business_hours_second_period_whole" CHECK (("business_hours"."open_time_2" is null) = ("business_hours"."close_time_2" is null));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" in ('confirmed', 'preparing', 'ready', 'cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancel_reason" CHECK ("orders"."cancel_reason" is null or "orders"."cancel_reason" in ('customer_cancelled', 'duplicate', 'kitchen_unable', 'no_show'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status" CHECK ("orders"."status" in ('new', 'preparing', 'ready', 'completed', 'cancelled'));--> statement-breakpoint
UPDATE "orders" AS o SET "business_date" = (o."created_at" AT TIME ZONE coalesce(rp."timezone", 'UTC'))::date FROM "restaurant_profiles" AS rp WHERE rp."id" = o."user_id";--> statement-breakpoint
UPDATE "orders" AS o SET "daily_number" = numbered."n" FROM (SELECT "id", row_number() OVER (PARTITION BY "user_id", "business_date" ORDER BY "created_at", "id") AS "n" FROM "orders" WHERE "business_date" IS NOT NULL) AS numbered WHERE numbered."id" = o."id";
