-- Foreign keys name their tables unqualified (drizzle-kit wrote "public"."users") so the migration applies inside DATABASE_SCHEMA.
CREATE TABLE "email_verification_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_verification_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "users_email_lower_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_verification_tokens_hash_idx" ON "email_verification_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_verification_tokens_user_id_idx" ON "email_verification_tokens" USING btree ("user_id");--> statement-breakpoint
-- Emails become unique (case-insensitively). A database from before this migration may hold the same
-- email on several accounts, none of them verified: the oldest account (earliest created_at, then
-- lowest id) keeps it, the others lose it ('' is "no email") and still sign in by username and
-- password. No email counts as verified: ownership was never checked before this migration.
UPDATE "users" SET "email" = ''
WHERE "email" <> '' AND EXISTS (
	SELECT 1 FROM "users" AS "older"
	WHERE lower("older"."email") = lower("users"."email")
		AND ("older"."created_at", "older"."id") < ("users"."created_at", "users"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique_idx" ON "users" USING btree (lower("email")) WHERE "users"."email" <> '';