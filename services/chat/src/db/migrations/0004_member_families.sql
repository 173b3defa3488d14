CREATE TABLE "chat"."member_families" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"guardians" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"minor" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "member_families_guardians_idx" ON "chat"."member_families" USING gin ("guardians");