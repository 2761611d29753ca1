-- Challenges: stored challenges (the daily on its first request, the others on their first attempt) and attempts (features/challenges/schema.ts).
-- References name tables without a schema so a migration run in a schema of its own (the tests) finds them.
CREATE TABLE "challenge_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "challenge_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"challenge_id" text NOT NULL,
	"status" text NOT NULL,
	"chain" jsonb NOT NULL,
	"hints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"moves" integer DEFAULT 0 NOT NULL,
	"rewarded" boolean NOT NULL,
	"whole_chain" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"time_ms" integer,
	"degrees" integer,
	"points" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "challenge_attempts_status_check" CHECK ("challenge_attempts"."status" in ('playing', 'solved', 'gave_up', 'timed_out', 'out_of_moves'))
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"date" text,
	"number" integer,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"difficulty" text NOT NULL,
	"from_key" text NOT NULL,
	"to_key" text NOT NULL,
	"theme" jsonb,
	"par" integer NOT NULL,
	"optimal_chains" integer NOT NULL,
	"time_limit_seconds" integer NOT NULL,
	"move_limit" integer NOT NULL,
	"reward" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenges_par_check" CHECK ("challenges"."par" >= 1)
);
--> statement-breakpoint
ALTER TABLE "challenge_attempts" ADD CONSTRAINT "challenge_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_attempts" ADD CONSTRAINT "challenge_attempts_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_attempts_one_open_idx" ON "challenge_attempts" USING btree ("user_id","challenge_id") WHERE "challenge_attempts"."status" = 'playing';--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_attempts_paid_once_idx" ON "challenge_attempts" USING btree ("user_id","challenge_id") WHERE "challenge_attempts"."points" > 0;--> statement-breakpoint
CREATE INDEX "challenge_attempts_challenge_idx" ON "challenge_attempts" USING btree ("challenge_id","status");--> statement-breakpoint
CREATE INDEX "challenge_attempts_user_idx" ON "challenge_attempts" USING btree ("user_id","finished_at");--> statement-breakpoint
CREATE UNIQUE INDEX "challenges_daily_date_idx" ON "challenges" USING btree ("date");