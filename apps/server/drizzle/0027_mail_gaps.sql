-- Issue 12's last mail gaps (docs/decisions/064-mail-gaps.md): what a reply or forward answers,
-- kept on the message (so a draft reopens as the same reply), and an id per trusted sender (the
-- screen that lists and removes them). The key to the original points into the same table:
-- deferrable, so a restore (src/db/backup.ts) may load the rows in any order; every other write
-- still checks it at once (INITIALLY IMMEDIATE).
CREATE TYPE "public"."mail_response_mode" AS ENUM('reply', 'replyAll', 'forward');--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "responds_to_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "responds_mode" "mail_response_mode";--> statement-breakpoint
ALTER TABLE "mail_trusted_senders" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_responds_to_id_mail_messages_id_fk" FOREIGN KEY ("responds_to_id") REFERENCES "public"."mail_messages"("id") ON DELETE set null ON UPDATE no action DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
CREATE INDEX "mail_messages_responds_idx" ON "mail_messages" USING btree ("responds_to_id") WHERE responds_to_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_trusted_senders_id_key" ON "mail_trusted_senders" USING btree ("id");