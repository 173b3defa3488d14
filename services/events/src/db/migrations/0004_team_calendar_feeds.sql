CREATE TABLE "events"."team_calendar_feeds" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_calendar_feeds_token_unique" UNIQUE("token")
);
