ALTER TABLE "content"."members" ADD COLUMN "teams" jsonb;--> statement-breakpoint
ALTER TABLE "content"."news" ADD COLUMN "team_id" uuid;--> statement-breakpoint
CREATE INDEX "news_team_idx" ON "content"."news" USING btree ("team_id");