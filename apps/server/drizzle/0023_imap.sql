CREATE TABLE "imap_locations" (
	"workspace_id" uuid NOT NULL,
	"mailbox_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"folder_path" text NOT NULL,
	"uid_validity" bigint NOT NULL,
	"uid" bigint NOT NULL,
	"seen" boolean NOT NULL,
	"starred" boolean NOT NULL,
	CONSTRAINT "imap_locations_mailbox_id_folder_path_uid_validity_uid_pk" PRIMARY KEY("mailbox_id","folder_path","uid_validity","uid")
);
--> statement-breakpoint
CREATE TABLE "imap_sync_leases" (
	"mailbox_id" uuid PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "imap_locations" ADD CONSTRAINT "imap_locations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imap_locations" ADD CONSTRAINT "imap_locations_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imap_locations" ADD CONSTRAINT "imap_locations_message_id_mail_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imap_sync_leases" ADD CONSTRAINT "imap_sync_leases_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imap_locations_message_idx" ON "imap_locations" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "imap_locations_workspace_idx" ON "imap_locations" USING btree ("workspace_id");