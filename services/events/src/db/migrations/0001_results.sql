CREATE TABLE "events"."results" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"ours" integer NOT NULL,
	"theirs" integer NOT NULL,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "results_score_check" CHECK ("events"."results"."ours" >= 0 and "events"."results"."theirs" >= 0)
);
--> statement-breakpoint
CREATE TABLE "events"."scorers" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"goals" integer DEFAULT 0 NOT NULL,
	"assists" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "scorers_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "events"."results" ADD CONSTRAINT "results_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "events"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events"."scorers" ADD CONSTRAINT "scorers_event_id_results_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "events"."results"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scorers_user_idx" ON "events"."scorers" USING btree ("user_id");