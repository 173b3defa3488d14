CREATE TABLE "content"."digest_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_items_notification_user_unique" UNIQUE("notification_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "content"."members" ADD COLUMN "email" text;--> statement-breakpoint
CREATE INDEX "digest_items_user_idx" ON "content"."digest_items" USING btree ("user_id","created_at");