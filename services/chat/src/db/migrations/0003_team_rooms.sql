ALTER TABLE "chat"."rooms" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "chat"."rooms" ADD COLUMN "team_room" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "rooms_team_idx" ON "chat"."rooms" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_team_room_idx" ON "chat"."rooms" USING btree ("team_id") WHERE team_room;