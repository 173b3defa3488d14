CREATE TABLE "auth"."guardians" (
	"child_id" uuid NOT NULL,
	"guardian_id" uuid NOT NULL,
	"relation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardians_child_id_guardian_id_pk" PRIMARY KEY("child_id","guardian_id")
);
--> statement-breakpoint
ALTER TABLE "auth"."users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "auth"."users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "auth"."users" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "auth"."guardians" ADD CONSTRAINT "guardians_child_id_users_id_fk" FOREIGN KEY ("child_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."guardians" ADD CONSTRAINT "guardians_guardian_id_users_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardians_guardian_idx" ON "auth"."guardians" USING btree ("guardian_id");