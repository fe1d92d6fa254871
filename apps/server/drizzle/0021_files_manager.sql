CREATE TYPE "public"."file_kind" AS ENUM('folder', 'image', 'pdf', 'document', 'spreadsheet', 'presentation', 'audio', 'video', 'archive', 'text', 'other');--> statement-breakpoint
CREATE TYPE "public"."file_share_access" AS ENUM('view', 'edit');--> statement-breakpoint
CREATE TYPE "public"."file_visibility" AS ENUM('workspace', 'private');--> statement-breakpoint
CREATE TABLE "file_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"parent_id" uuid,
	"path" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"is_folder" boolean NOT NULL,
	"name" text NOT NULL,
	"stored_file_id" uuid,
	"size" bigint DEFAULT 0 NOT NULL,
	"mime_type" text NOT NULL,
	"kind" "file_kind" NOT NULL,
	"visibility" "file_visibility" DEFAULT 'workspace' NOT NULL,
	"owner_id" uuid,
	"created_by" uuid,
	"trashed_at" timestamp with time zone,
	"trash_root_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"password_hash" text,
	"expires_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "file_shares" (
	"item_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"access" "file_share_access" DEFAULT 'view' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_shares_item_id_user_id_pk" PRIMARY KEY("item_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "file_stars" (
	"item_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_stars_item_id_user_id_pk" PRIMARY KEY("item_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "file_items" ADD CONSTRAINT "file_items_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_items" ADD CONSTRAINT "file_items_parent_id_file_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."file_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_items" ADD CONSTRAINT "file_items_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_items" ADD CONSTRAINT "file_items_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_items" ADD CONSTRAINT "file_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_links" ADD CONSTRAINT "file_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_links" ADD CONSTRAINT "file_links_item_id_file_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."file_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_links" ADD CONSTRAINT "file_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_shares" ADD CONSTRAINT "file_shares_item_id_file_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."file_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_shares" ADD CONSTRAINT "file_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_shares" ADD CONSTRAINT "file_shares_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_shares" ADD CONSTRAINT "file_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_stars" ADD CONSTRAINT "file_stars_item_id_file_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."file_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_stars" ADD CONSTRAINT "file_stars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_stars" ADD CONSTRAINT "file_stars_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_items_name_idx" ON "file_items" USING btree ("workspace_id","parent_id","is_folder",lower("name") collate "C","id") WHERE "file_items"."trashed_at" is null;--> statement-breakpoint
CREATE INDEX "file_items_size_idx" ON "file_items" USING btree ("workspace_id","parent_id","is_folder","size","id") WHERE "file_items"."trashed_at" is null;--> statement-breakpoint
CREATE INDEX "file_items_type_idx" ON "file_items" USING btree ("workspace_id","parent_id","is_folder","kind",lower("name") collate "C","id") WHERE "file_items"."trashed_at" is null;--> statement-breakpoint
CREATE INDEX "file_items_date_idx" ON "file_items" USING btree ("workspace_id","parent_id","is_folder","updated_at","id") WHERE "file_items"."trashed_at" is null;--> statement-breakpoint
CREATE INDEX "file_items_path_idx" ON "file_items" USING gin ("path");--> statement-breakpoint
CREATE INDEX "file_items_trash_idx" ON "file_items" USING btree ("workspace_id","trashed_at") WHERE "file_items"."trashed_at" is not null;--> statement-breakpoint
CREATE INDEX "file_items_stored_idx" ON "file_items" USING btree ("stored_file_id");--> statement-breakpoint
CREATE INDEX "file_items_recent_idx" ON "file_items" USING btree ("workspace_id","created_at") WHERE "file_items"."trashed_at" is null and not "file_items"."is_folder";--> statement-breakpoint
CREATE INDEX "file_links_item_idx" ON "file_links" USING btree ("workspace_id","item_id");--> statement-breakpoint
CREATE INDEX "file_shares_user_idx" ON "file_shares" USING btree ("workspace_id","user_id");--> statement-breakpoint
CREATE INDEX "file_stars_user_idx" ON "file_stars" USING btree ("workspace_id","user_id");