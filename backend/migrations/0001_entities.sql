CREATE TABLE "entities" (
	"key" text NOT NULL,
	"source" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"subtype" text,
	"popularity" real DEFAULT 0 NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "entities_key_source_pk" PRIMARY KEY("key","source")
);
--> statement-breakpoint
CREATE INDEX "entities_source_idx" ON "entities" USING btree ("source");