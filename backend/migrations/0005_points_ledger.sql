-- Foreign keys name their tables unqualified (drizzle-kit wrote "public"."users") so the migration applies inside DATABASE_SCHEMA.
CREATE TABLE "points_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"points" integer NOT NULL,
	"award_key" text NOT NULL,
	"source_event_id" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ledger_points_check" CHECK ("points_ledger"."points" <> 0),
	CONSTRAINT "points_ledger_reason_check" CHECK ("points_ledger"."reason" in ('discovery', 'review', 'watchlist_add', 'daily_login', 'challenge', 'hint', 'badge'))
);
--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_source_event_idx" ON "points_ledger" USING btree ("source_event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_user_award_key_idx" ON "points_ledger" USING btree ("user_id","award_key");--> statement-breakpoint
CREATE INDEX "points_ledger_user_created_idx" ON "points_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "points_ledger_created_idx" ON "points_ledger" USING btree ("created_at");