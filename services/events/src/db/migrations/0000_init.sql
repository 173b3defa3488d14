CREATE SCHEMA IF NOT EXISTS "events";
--> statement-breakpoint
CREATE TABLE "events"."attendance" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"presence" text NOT NULL,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "events"."availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_available" boolean NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_range_check" CHECK ("events"."availability"."end_date" >= "events"."availability"."start_date")
);
--> statement-breakpoint
CREATE TABLE "events"."calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "events"."events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series_id" uuid,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_date" timestamp with time zone NOT NULL,
	"location" text NOT NULL,
	"type" text NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events"."members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text,
	"email" text,
	"role" text,
	"active" boolean DEFAULT true NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events"."reminders_sent" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"step" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_event_id_user_id_step_starts_at_pk" PRIMARY KEY("event_id","user_id","step","starts_at")
);
--> statement-breakpoint
CREATE TABLE "events"."rsvps" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"response_date" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text,
	"auto" boolean DEFAULT false NOT NULL,
	"availability_id" uuid,
	CONSTRAINT "rsvps_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "events"."series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"weekdays" text[] NOT NULL,
	"until" date,
	"count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events"."attendance" ADD CONSTRAINT "attendance_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "events"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events"."events" ADD CONSTRAINT "events_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "events"."series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events"."reminders_sent" ADD CONSTRAINT "reminders_sent_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "events"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events"."rsvps" ADD CONSTRAINT "rsvps_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "events"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events"."rsvps" ADD CONSTRAINT "rsvps_availability_id_availability_id_fk" FOREIGN KEY ("availability_id") REFERENCES "events"."availability"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_user_idx" ON "events"."availability" USING btree ("user_id","start_date");--> statement-breakpoint
CREATE INDEX "availability_range_idx" ON "events"."availability" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE INDEX "events_date_idx" ON "events"."events" USING btree ("event_date");--> statement-breakpoint
CREATE INDEX "events_series_idx" ON "events"."events" USING btree ("series_id","event_date");--> statement-breakpoint
CREATE INDEX "rsvps_user_idx" ON "events"."rsvps" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rsvps_availability_idx" ON "events"."rsvps" USING btree ("availability_id");