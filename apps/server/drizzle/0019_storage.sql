CREATE TABLE "stored_file_purges" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"holder" text
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" uuid,
	CONSTRAINT "stored_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_file_purges_due_idx" ON "stored_file_purges" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("workspace_id","owner_kind","owner_id");--> statement-breakpoint
CREATE INDEX "stored_files_created_by_idx" ON "stored_files" USING btree ("created_by");--> statement-breakpoint
-- Deleting stored_files rows (directly or through a workspace's cascade) queues their bytes for
-- deletion and wakes the storage.purge job (apps/server/src/lib/storage/purge.ts), which deletes
-- them once this transaction has committed; a rollback keeps both the rows and the bytes.
CREATE FUNCTION "stored_files_queue_purge"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stored_file_purges" ("storage_key", "due_at")
    SELECT "storage_key", now() FROM "old_rows"
    ON CONFLICT ("storage_key") DO UPDATE SET "due_at" = now(), "holder" = NULL;
  IF FOUND THEN
    INSERT INTO "jobs" ("kind") SELECT 'storage.purge'
      WHERE NOT EXISTS (SELECT 1 FROM "jobs" WHERE "kind" = 'storage.purge' AND "status" = 'queued');
    PERFORM pg_notify('beacon_jobs', 'storage.purge');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stored_files_queue_purge" AFTER DELETE ON "stored_files"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stored_files_queue_purge"();
