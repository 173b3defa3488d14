CREATE SCHEMA IF NOT EXISTS "content";
--> statement-breakpoint
CREATE TABLE "content"."settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"app_title" text NOT NULL,
	"header_color" text NOT NULL,
	"logo_background" text NOT NULL,
	"logo_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
