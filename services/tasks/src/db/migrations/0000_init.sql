CREATE SCHEMA IF NOT EXISTS "tasks";
--> statement-breakpoint
CREATE TABLE "tasks"."members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text,
	"email" text,
	"role" text,
	"active" boolean DEFAULT true NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks"."reminders_sent" (
	"task_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_task_id_user_id_due_date_pk" PRIMARY KEY("task_id","user_id","due_date")
);
--> statement-breakpoint
CREATE TABLE "tasks"."tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"priority" text NOT NULL,
	"status" text NOT NULL,
	"assignee" text NOT NULL,
	"assignee_id" uuid,
	"due_date" date,
	"position" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."tasks"."status" in ('backlog', 'in-progress', 'review', 'completed')),
	CONSTRAINT "tasks_priority_check" CHECK ("tasks"."tasks"."priority" in ('low', 'medium', 'high')),
	CONSTRAINT "tasks_category_check" CHECK ("tasks"."tasks"."category" in ('roster', 'finances', 'operations', 'equipment', 'marketing')),
	CONSTRAINT "tasks_position_check" CHECK ("tasks"."tasks"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tasks"."reminders_sent" ADD CONSTRAINT "reminders_sent_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "tasks"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks"."tasks" ADD CONSTRAINT "tasks_assignee_id_members_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "tasks"."members"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_column_idx" ON "tasks"."tasks" USING btree ("status","position");--> statement-breakpoint
CREATE INDEX "tasks_assignee_idx" ON "tasks"."tasks" USING btree ("assignee_id");