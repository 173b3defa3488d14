CREATE TABLE "events"."member_families" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"guardians" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"minor" boolean DEFAULT false NOT NULL,
	"has_login" boolean DEFAULT true NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events"."availability" ADD COLUMN "added_by" uuid;--> statement-breakpoint
ALTER TABLE "events"."rsvps" ADD COLUMN "answered_by" uuid;--> statement-breakpoint
CREATE INDEX "member_families_guardians_idx" ON "events"."member_families" USING gin ("guardians");