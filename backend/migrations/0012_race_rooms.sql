CREATE TABLE "race_rooms" (
	"code" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"room" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "race_rooms_version_check" CHECK ("race_rooms"."version" >= 1)
);
--> statement-breakpoint
CREATE INDEX "race_rooms_expires_idx" ON "race_rooms" USING btree ("expires_at");