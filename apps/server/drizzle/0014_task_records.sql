ALTER TYPE "public"."view_entity" ADD VALUE 'tasks';--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_one_subject";--> statement-breakpoint
ALTER TABLE "notes" DROP CONSTRAINT "notes_one_subject";--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "task_id" uuid;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "task_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || ' ' || notes)) STORED;--> statement-breakpoint
CREATE INDEX "activities_task_idx" ON "activities" USING btree ("task_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notes_task_idx" ON "notes" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "tasks_search_idx" ON "tasks" USING gin (search_text gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_one_subject" CHECK (num_nonnulls(person_id, company_id, deal_id, task_id) = 1);--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_one_subject" CHECK (num_nonnulls(person_id, company_id, deal_id, task_id) = 1);--> statement-breakpoint
-- Hand-written (docs/decisions/044): the foreign keys of the task columns, here rather than in
-- schema/crm.ts (a reference there would make it and schema/tasks.ts import each other), and
-- deferrable, so that a restore (src/db/backup.ts) may load notes and activities before the tasks.
ALTER TABLE "activities" ADD CONSTRAINT "activities_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
-- Tasks made before: their last activity is their last change.
UPDATE "tasks" SET "last_activity_at" = "updated_at";
