ALTER TABLE "menu_items" ADD COLUMN "aliases" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "conversation" jsonb;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_language" CHECK ("calls"."language" is null or "calls"."language" in ('en', 'es', 'fr', 'zh'));