CREATE TABLE "model_usage" (
	"account_id" text NOT NULL,
	"day" date NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_usage_account_id_day_pk" PRIMARY KEY("account_id","day"),
	CONSTRAINT "model_usage_counts" CHECK ("model_usage"."requests" >= 0 and "model_usage"."refused" >= 0)
);
--> statement-breakpoint
ALTER TABLE "model_usage" ADD CONSTRAINT "model_usage_account_id_user_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_usage_day_idx" ON "model_usage" USING btree ("day");