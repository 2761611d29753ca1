-- Badges: per-user counters, the keys distinct counters counted, and earned badges (features/badges/schema.ts).
-- References name "users" without a schema so a migration run in a schema of its own (the tests) finds it.
CREATE TABLE "badge_counted_keys" (
	"user_id" integer NOT NULL,
	"counter" text NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "badge_counted_keys_user_id_counter_key_pk" PRIMARY KEY("user_id","counter","key")
);
--> statement-breakpoint
CREATE TABLE "badge_counters" (
	"user_id" integer NOT NULL,
	"counter" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"last_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badge_counters_user_id_counter_pk" PRIMARY KEY("user_id","counter")
);
--> statement-breakpoint
CREATE TABLE "earned_badges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "earned_badges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"badge_id" text NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "badge_counted_keys" ADD CONSTRAINT "badge_counted_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_counters" ADD CONSTRAINT "badge_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earned_badges" ADD CONSTRAINT "earned_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "earned_badges_user_badge_idx" ON "earned_badges" USING btree ("user_id","badge_id");--> statement-breakpoint
CREATE INDEX "earned_badges_user_earned_idx" ON "earned_badges" USING btree ("user_id","earned_at");