CREATE TABLE "content"."teams" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content"."members" ADD COLUMN "teams" jsonb;--> statement-breakpoint
ALTER TABLE "content"."news" ADD COLUMN "team_id" uuid;--> statement-breakpoint
CREATE INDEX "news_team_idx" ON "content"."news" USING btree ("team_id");