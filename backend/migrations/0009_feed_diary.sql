CREATE TABLE "activity_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"content" jsonb NOT NULL,
	"source_event_id" text NOT NULL,
	"subject_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diary_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diary_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"movie_id" text NOT NULL,
	"movie_title" text NOT NULL,
	"poster_path" text,
	"watched_date" date NOT NULL,
	"rating" real,
	"notes" text,
	"location" text,
	"rewatch" boolean DEFAULT false NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"external_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diary_entries_rating_check" CHECK ("diary_entries"."rating" is null or ("diary_entries"."rating" between 0.5 and 5 and "diary_entries"."rating" * 2 = floor("diary_entries"."rating" * 2)))
);
--> statement-breakpoint
CREATE TABLE "diary_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"document" jsonb NOT NULL,
	"committed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watchlist_items" DROP CONSTRAINT "watchlist_items_rating_check";--> statement-breakpoint
ALTER TABLE "watchlist_items" ALTER COLUMN "rating" SET DATA TYPE real;--> statement-breakpoint
ALTER TABLE "activity_items" ADD CONSTRAINT "activity_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_imports" ADD CONSTRAINT "diary_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_items_source_event_idx" ON "activity_items" USING btree ("source_event_id");--> statement-breakpoint
CREATE INDEX "activity_items_user_created_idx" ON "activity_items" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "activity_items_subject_idx" ON "activity_items" USING btree ("subject_key");--> statement-breakpoint
CREATE INDEX "diary_entries_user_date_idx" ON "diary_entries" USING btree ("user_id","watched_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "diary_entries_user_external_idx" ON "diary_entries" USING btree ("user_id","external_key");--> statement-breakpoint
CREATE INDEX "diary_imports_user_idx" ON "diary_imports" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_rating_check" CHECK ("watchlist_items"."rating" is null or ("watchlist_items"."rating" between 0.5 and 5 and "watchlist_items"."rating" * 2 = floor("watchlist_items"."rating" * 2)));