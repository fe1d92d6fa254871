CREATE TYPE "public"."mail_direction" AS ENUM('in', 'out');--> statement-breakpoint
CREATE TYPE "public"."mail_folder" AS ENUM('inbox', 'sent', 'drafts', 'scheduled', 'archive', 'spam', 'trash');--> statement-breakpoint
CREATE TYPE "public"."mail_label_color" AS ENUM('default', 'primary', 'secondary', 'info', 'success', 'warning', 'error');--> statement-breakpoint
CREATE TYPE "public"."mail_security" AS ENUM('tls', 'starttls', 'none');--> statement-breakpoint
CREATE TYPE "public"."mail_status" AS ENUM('received', 'draft', 'scheduled', 'queued', 'sending', 'sent', 'failed', 'bounced');--> statement-breakpoint
CREATE TYPE "public"."mailbox_kind" AS ENUM('beacon', 'connected');--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'email_received';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'email_sent';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'email_bounced';--> statement-breakpoint
CREATE TABLE "mail_bounces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"mailbox_id" uuid,
	"report_id" uuid,
	"bounced_id" uuid,
	"address" text NOT NULL,
	"person_id" uuid,
	"action" text NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"diagnostic" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"dkim_selector" text,
	"dkim_private_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"mailbox_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" "mail_label_color" DEFAULT 'default' NOT NULL,
	"imap_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"person_id" uuid,
	"company_id" uuid,
	"deal_id" uuid,
	"date" timestamp with time zone NOT NULL,
	"direction" "mail_direction" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_message_labels" (
	"label_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"date" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_message_labels_label_id_message_id_pk" PRIMARY KEY("label_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"mailbox_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"folder" "mail_folder" NOT NULL,
	"direction" "mail_direction" NOT NULL,
	"status" "mail_status" NOT NULL,
	"message_id" text NOT NULL,
	"in_reply_to" text,
	"references" text[] DEFAULT '{}'::text[] NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bcc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reply_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"html" text,
	"has_remote_images" boolean DEFAULT false NOT NULL,
	"snippet" text DEFAULT '' NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"seen" boolean DEFAULT false NOT NULL,
	"starred" boolean DEFAULT false NOT NULL,
	"important" boolean DEFAULT false NOT NULL,
	"has_attachments" boolean DEFAULT false NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"auth" jsonb,
	"spoofed" boolean DEFAULT false NOT NULL,
	"raw_file_id" uuid,
	"size" integer DEFAULT 0 NOT NULL,
	"send_at" timestamp with time zone,
	"send_job_id" uuid,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_by" uuid,
	"imap_folder" text,
	"imap_uid_validity" bigint,
	"imap_uid" bigint,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, left(subject || ' ' || from_name || ' ' || from_address || ' ' || text, 100000))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"mailbox_id" uuid NOT NULL,
	"subject_key" text NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailboxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" "mailbox_kind" NOT NULL,
	"address" text NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"owner_id" uuid,
	"shared" boolean DEFAULT false NOT NULL,
	"signature" text DEFAULT '' NOT NULL,
	"domain_id" uuid,
	"imap_host" text,
	"imap_port" integer,
	"imap_security" "mail_security",
	"smtp_host" text,
	"smtp_port" integer,
	"smtp_security" "mail_security",
	"username" text,
	"password_sealed" text,
	"sync_since" timestamp with time zone,
	"sync_status" text DEFAULT 'idle' NOT NULL,
	"sync_error" text,
	"sync_state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "mail_message_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_bounces" ADD CONSTRAINT "mail_bounces_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_bounces" ADD CONSTRAINT "mail_bounces_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_bounces" ADD CONSTRAINT "mail_bounces_report_id_mail_messages_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."mail_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_bounces" ADD CONSTRAINT "mail_bounces_bounced_id_mail_messages_id_fk" FOREIGN KEY ("bounced_id") REFERENCES "public"."mail_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_bounces" ADD CONSTRAINT "mail_bounces_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_domains" ADD CONSTRAINT "mail_domains_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_labels" ADD CONSTRAINT "mail_labels_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_labels" ADD CONSTRAINT "mail_labels_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_links" ADD CONSTRAINT "mail_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_links" ADD CONSTRAINT "mail_links_message_id_mail_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_links" ADD CONSTRAINT "mail_links_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_links" ADD CONSTRAINT "mail_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_message_labels" ADD CONSTRAINT "mail_message_labels_label_id_mail_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."mail_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_message_labels" ADD CONSTRAINT "mail_message_labels_message_id_mail_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_message_labels" ADD CONSTRAINT "mail_message_labels_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_thread_id_mail_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."mail_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_threads" ADD CONSTRAINT "mail_threads_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_threads" ADD CONSTRAINT "mail_threads_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_domain_id_mail_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."mail_domains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_bounces_workspace_idx" ON "mail_bounces" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_bounces_address_idx" ON "mail_bounces" USING btree ("workspace_id","address");--> statement-breakpoint
CREATE INDEX "mail_bounces_person_idx" ON "mail_bounces" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_domains_domain_key" ON "mail_domains" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "mail_domains_workspace_idx" ON "mail_domains" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_labels_name_key" ON "mail_labels" USING btree ("mailbox_id",lower("name"));--> statement-breakpoint
CREATE INDEX "mail_labels_workspace_idx" ON "mail_labels" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "mail_links_message_idx" ON "mail_links" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "mail_links_person_idx" ON "mail_links" USING btree ("person_id","date");--> statement-breakpoint
CREATE INDEX "mail_links_company_idx" ON "mail_links" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "mail_links_deal_idx" ON "mail_links" USING btree ("deal_id","date");--> statement-breakpoint
CREATE INDEX "mail_links_workspace_idx" ON "mail_links" USING btree ("workspace_id","date");--> statement-breakpoint
CREATE INDEX "mail_message_labels_list_idx" ON "mail_message_labels" USING btree ("label_id","date","message_id");--> statement-breakpoint
CREATE INDEX "mail_message_labels_message_idx" ON "mail_message_labels" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "mail_messages_folder_idx" ON "mail_messages" USING btree ("mailbox_id","folder","date","id");--> statement-breakpoint
CREATE INDEX "mail_messages_all_idx" ON "mail_messages" USING btree ("mailbox_id","date","id") WHERE folder in ('inbox', 'sent', 'archive');--> statement-breakpoint
CREATE INDEX "mail_messages_starred_idx" ON "mail_messages" USING btree ("mailbox_id","date","id") WHERE starred;--> statement-breakpoint
CREATE INDEX "mail_messages_important_idx" ON "mail_messages" USING btree ("mailbox_id","date","id") WHERE important;--> statement-breakpoint
CREATE INDEX "mail_messages_unread_idx" ON "mail_messages" USING btree ("mailbox_id","folder") WHERE not seen;--> statement-breakpoint
CREATE INDEX "mail_messages_thread_idx" ON "mail_messages" USING btree ("thread_id","date");--> statement-breakpoint
CREATE INDEX "mail_messages_reply_idx" ON "mail_messages" USING btree ("mailbox_id","in_reply_to") WHERE in_reply_to is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_messages_message_id_key" ON "mail_messages" USING btree ("mailbox_id","message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_messages_imap_key" ON "mail_messages" USING btree ("mailbox_id","imap_folder","imap_uid_validity","imap_uid") WHERE imap_uid is not null;--> statement-breakpoint
CREATE INDEX "mail_messages_workspace_idx" ON "mail_messages" USING btree ("workspace_id","date");--> statement-breakpoint
CREATE INDEX "mail_messages_search_idx" ON "mail_messages" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "mail_messages_send_idx" ON "mail_messages" USING btree ("status","send_at") WHERE status in ('queued', 'scheduled', 'sending');--> statement-breakpoint
CREATE INDEX "mail_threads_subject_idx" ON "mail_threads" USING btree ("mailbox_id","subject_key","last_message_at");--> statement-breakpoint
CREATE INDEX "mail_threads_workspace_idx" ON "mail_threads" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mailboxes_beacon_address_key" ON "mailboxes" USING btree ("address") WHERE kind = 'beacon';--> statement-breakpoint
CREATE UNIQUE INDEX "mailboxes_workspace_address_key" ON "mailboxes" USING btree ("workspace_id","address");--> statement-breakpoint
CREATE INDEX "mailboxes_owner_idx" ON "mailboxes" USING btree ("workspace_id","owner_id");--> statement-breakpoint
CREATE INDEX "mailboxes_domain_idx" ON "mailboxes" USING btree ("domain_id");--> statement-breakpoint
CREATE INDEX "activities_mail_idx" ON "activities" USING btree ("mail_message_id") WHERE mail_message_id is not null;--> statement-breakpoint
-- Written by hand: schema/mail.ts and schema/deals.ts, and crm.ts and mail.ts, must not import each other.
ALTER TABLE "mail_links" ADD CONSTRAINT "mail_links_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_mail_message_id_mail_messages_id_fk" FOREIGN KEY ("mail_message_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;
