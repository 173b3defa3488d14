CREATE TABLE "chat"."teams" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat"."rooms" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "chat"."rooms" ADD COLUMN "team_room" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "rooms_team_idx" ON "chat"."rooms" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_team_room_idx" ON "chat"."rooms" USING btree ("team_id") WHERE team_room;