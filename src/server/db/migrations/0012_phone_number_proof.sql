CREATE TABLE "phone_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"replaced_at" timestamp with time zone,
	"provider" text NOT NULL,
	"body" text NOT NULL,
	"provider_message_id" text,
	"text_status" text DEFAULT 'sending' NOT NULL,
	"text_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_verifications_attempts_range" CHECK ("phone_verifications"."attempts" between 0 and 5),
	CONSTRAINT "phone_verifications_text_status" CHECK ("phone_verifications"."text_status" in ('queued', 'sending', 'sent', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "restaurant_profiles" ADD COLUMN "vapi_phone_number_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_verifications_owner_created_idx" ON "phone_verifications" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_verifications_number_created_idx" ON "phone_verifications" USING btree ("phone_number","created_at");--> statement-breakpoint
CREATE INDEX "phone_verifications_provider_message_idx" ON "phone_verifications" USING btree ("provider_message_id") WHERE "phone_verifications"."provider_message_id" is not null;