CREATE TABLE "local_billing_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"purpose" text NOT NULL,
	"price_id" text,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"trial_end" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"idempotency_key" text,
	"subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_billing_checkouts_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "local_billing_checkouts_purpose" CHECK ("local_billing_checkouts"."purpose" in ('subscribe', 'update_card')),
	CONSTRAINT "local_billing_checkouts_status" CHECK ("local_billing_checkouts"."status" in ('open', 'complete', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "local_billing_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_billing_customers_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "local_billing_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"customer_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"status" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_billing_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "local_billing_invoices_period_unique" UNIQUE("subscription_id","period_start"),
	CONSTRAINT "local_billing_invoices_status" CHECK ("local_billing_invoices"."status" in ('draft', 'open', 'paid', 'uncollectible', 'void'))
);
--> statement-breakpoint
CREATE TABLE "local_billing_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"price_id" text NOT NULL,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_billing_subscriptions_status" CHECK ("local_billing_subscriptions"."status" in ('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'))
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "status" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "local_billing_checkouts" ADD CONSTRAINT "local_billing_checkouts_customer_id_local_billing_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."local_billing_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_billing_invoices" ADD CONSTRAINT "local_billing_invoices_customer_id_local_billing_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."local_billing_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_billing_subscriptions" ADD CONSTRAINT "local_billing_subscriptions_customer_id_local_billing_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."local_billing_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_billing_invoices_customer_idx" ON "local_billing_invoices" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "local_billing_subscriptions_customer_idx" ON "local_billing_subscriptions" USING btree ("customer_id","created_at");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_id_unique" UNIQUE("customer_id");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_status" CHECK ("subscriptions"."status" in ('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'));