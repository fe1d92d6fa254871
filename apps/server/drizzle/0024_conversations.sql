CREATE TYPE "public"."person_email_status" AS ENUM('ok', 'bounced');--> statement-breakpoint
CREATE TYPE "public"."conversation_category" AS ENUM('interested', 'not_now', 'out_of_office', 'unsubscribe', 'bounce', 'other');--> statement-breakpoint
CREATE TYPE "public"."conversation_status" AS ENUM('open', 'done');--> statement-breakpoint
ALTER TYPE "public"."view_entity" ADD VALUE 'emails';--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"mailbox_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"category" "conversation_category" NOT NULL,
	"sorted_by" text DEFAULT 'rules' NOT NULL,
	"rule" text DEFAULT '' NOT NULL,
	"status" "conversation_status" DEFAULT 'open' NOT NULL,
	"return_date" date,
	"date" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_tracked" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"links" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_tracked_links" (
	"workspace_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_tracking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"position" integer,
	"proxy" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "email_tracking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "email_status" "person_email_status" DEFAULT 'ok' NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "email_bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_message_id_mail_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_thread_id_mail_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."mail_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_tracked" ADD CONSTRAINT "mail_tracked_message_id_mail_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_tracked" ADD CONSTRAINT "mail_tracked_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_tracked_links" ADD CONSTRAINT "mail_tracked_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_tracked_links" ADD CONSTRAINT "mail_tracked_links_message_id_mail_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_tracking_events" ADD CONSTRAINT "mail_tracking_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_tracking_events" ADD CONSTRAINT "mail_tracking_events_message_id_mail_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_message_person_key" ON "conversations" USING btree ("message_id","person_id");--> statement-breakpoint
CREATE INDEX "conversations_list_idx" ON "conversations" USING btree ("mailbox_id","status","date","id");--> statement-breakpoint
CREATE INDEX "conversations_category_idx" ON "conversations" USING btree ("mailbox_id","status","category","date","id");--> statement-breakpoint
CREATE INDEX "conversations_workspace_idx" ON "conversations" USING btree ("workspace_id","date");--> statement-breakpoint
CREATE INDEX "conversations_person_idx" ON "conversations" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "mail_tracked_workspace_idx" ON "mail_tracked" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_tracked_links_key" ON "mail_tracked_links" USING btree ("message_id","position");--> statement-breakpoint
CREATE INDEX "mail_tracking_events_message_idx" ON "mail_tracking_events" USING btree ("message_id","kind","at");--> statement-breakpoint
CREATE INDEX "mail_tracking_events_workspace_idx" ON "mail_tracking_events" USING btree ("workspace_id","at");--> statement-breakpoint
CREATE INDEX "people_email_status_idx" ON "people" USING btree ("workspace_id","id") WHERE email_status = 'bounced';--> statement-breakpoint
-- People whose primary e-mail bounced before this column existed (docs/decisions/061).
UPDATE "people" p SET "email_status" = 'bounced', "email_bounced_at" = b.at
FROM (
  SELECT "person_id", "address", max("created_at") AS at FROM "mail_bounces"
  WHERE "action" = 'failed' AND "person_id" IS NOT NULL GROUP BY "person_id", "address"
) b
WHERE p."id" = b."person_id" AND p."email" = b."address";
