ALTER TABLE "kanban_attachments" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "member_images" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_attachments" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_logos" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "kanban_attachments" ADD COLUMN "stored_file_id" uuid;--> statement-breakpoint
ALTER TABLE "member_images" ADD COLUMN "stored_file_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD COLUMN "stored_file_id" uuid;--> statement-breakpoint
ALTER TABLE "workspace_logos" ADD COLUMN "stored_file_id" uuid;--> statement-breakpoint
ALTER TABLE "kanban_attachments" ADD CONSTRAINT "kanban_attachments_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_images" ADD CONSTRAINT "member_images_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD CONSTRAINT "chat_attachments_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_logos" ADD CONSTRAINT "workspace_logos_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kanban_attachments_stored_file_idx" ON "kanban_attachments" USING btree ("stored_file_id");--> statement-breakpoint
CREATE INDEX "member_images_stored_file_idx" ON "member_images" USING btree ("stored_file_id");--> statement-breakpoint
CREATE INDEX "chat_attachments_stored_file_idx" ON "chat_attachments" USING btree ("stored_file_id");--> statement-breakpoint
CREATE INDEX "workspace_logos_stored_file_idx" ON "workspace_logos" USING btree ("stored_file_id");--> statement-breakpoint
ALTER TABLE "kanban_attachments" ADD CONSTRAINT "kanban_attachments_bytes" CHECK ("kanban_attachments"."stored_file_id" is not null or "kanban_attachments"."content" is not null);--> statement-breakpoint
ALTER TABLE "member_images" ADD CONSTRAINT "member_images_bytes" CHECK ("member_images"."stored_file_id" is not null or "member_images"."content" is not null);--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD CONSTRAINT "chat_attachments_bytes" CHECK ("chat_attachments"."stored_file_id" is not null or "chat_attachments"."content" is not null);--> statement-breakpoint
ALTER TABLE "workspace_logos" ADD CONSTRAINT "workspace_logos_bytes" CHECK ("workspace_logos"."stored_file_id" is not null or "workspace_logos"."content" is not null);--> statement-breakpoint
-- The stored file of an area's row leaves with the row (deleted itself, or through a card's, a
-- conversation's, a member's or a workspace's cascade), and the one a row points away from (a
-- replaced avatar, cover or logo) leaves with the change. stored_files' own trigger (migration
-- 0019) then queues the bytes for the purge job.
CREATE FUNCTION "area_rows_drop_stored_file"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."stored_file_id" IS NOT NULL
     AND (TG_OP = 'DELETE' OR OLD."stored_file_id" IS DISTINCT FROM NEW."stored_file_id") THEN
    DELETE FROM "stored_files" WHERE "id" = OLD."stored_file_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "kanban_attachments_drop_stored_file" AFTER DELETE OR UPDATE OF "stored_file_id"
  ON "kanban_attachments" FOR EACH ROW EXECUTE FUNCTION "area_rows_drop_stored_file"();
--> statement-breakpoint
CREATE TRIGGER "chat_attachments_drop_stored_file" AFTER DELETE OR UPDATE OF "stored_file_id"
  ON "chat_attachments" FOR EACH ROW EXECUTE FUNCTION "area_rows_drop_stored_file"();
--> statement-breakpoint
CREATE TRIGGER "member_images_drop_stored_file" AFTER DELETE OR UPDATE OF "stored_file_id"
  ON "member_images" FOR EACH ROW EXECUTE FUNCTION "area_rows_drop_stored_file"();
--> statement-breakpoint
CREATE TRIGGER "workspace_logos_drop_stored_file" AFTER DELETE OR UPDATE OF "stored_file_id"
  ON "workspace_logos" FOR EACH ROW EXECUTE FUNCTION "area_rows_drop_stored_file"();
--> statement-breakpoint
-- A thumbnail (apps/server/src/lib/previews/previews.ts) leaves with the file it shows.
CREATE FUNCTION "stored_files_drop_thumbnails"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only when a file that is not a thumbnail went: the delete below fires this trigger again,
  -- with thumbnails alone (or nothing), and stops there.
  IF EXISTS (SELECT 1 FROM "old_files" WHERE "owner_kind" <> 'thumbnail') THEN
    DELETE FROM "stored_files" t USING "old_files" o
      WHERE t."workspace_id" = o."workspace_id" AND t."owner_kind" = 'thumbnail'
        AND t."owner_id" = o."id" AND o."owner_kind" <> 'thumbnail';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stored_files_drop_thumbnails" AFTER DELETE ON "stored_files"
  REFERENCING OLD TABLE AS "old_files" FOR EACH STATEMENT EXECUTE FUNCTION "stored_files_drop_thumbnails"();
