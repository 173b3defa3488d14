CREATE TABLE "events"."teams" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events"."events" ADD COLUMN "team_id" uuid;--> statement-breakpoint
CREATE INDEX "events_team_idx" ON "events"."events" USING btree ("team_id","event_date");