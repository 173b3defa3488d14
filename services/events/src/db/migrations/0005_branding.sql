CREATE TABLE "events"."branding" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"app_title" text NOT NULL,
	"header_color" text NOT NULL,
	"logo_background" text NOT NULL,
	"logo_url" text,
	"updated_at" timestamp with time zone NOT NULL
);
