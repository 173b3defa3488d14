ALTER TABLE "events"."events" ADD COLUMN "team_id" uuid;--> statement-breakpoint
CREATE INDEX "events_team_idx" ON "events"."events" USING btree ("team_id","event_date");