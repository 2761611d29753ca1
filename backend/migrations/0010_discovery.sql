-- Foreign keys name their tables unqualified (drizzle-kit wrote "public"."users") so the migration applies inside DATABASE_SCHEMA.
CREATE TABLE "discovery_activity" (
	"entity_key" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"logs" integer DEFAULT 0 NOT NULL,
	"watchlists" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "discovery_activity_entity_key_hour_pk" PRIMARY KEY("entity_key","hour")
);
--> statement-breakpoint
CREATE TABLE "discovery_lists" (
	"name" text PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"items" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discovery_user_views" (
	"user_id" integer NOT NULL,
	"entity_key" text NOT NULL,
	"viewed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "discovery_user_views_user_id_entity_key_pk" PRIMARY KEY("user_id","entity_key")
);
--> statement-breakpoint
ALTER TABLE "discovery_user_views" ADD CONSTRAINT "discovery_user_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discovery_activity_hour_idx" ON "discovery_activity" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "discovery_user_views_user_idx" ON "discovery_user_views" USING btree ("user_id","viewed_at");