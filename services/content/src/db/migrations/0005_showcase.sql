CREATE TABLE "content"."showcase" (
	"id" integer PRIMARY KEY NOT NULL,
	"editable" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
