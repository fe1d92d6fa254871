CREATE TYPE "public"."deal_person_role" AS ENUM('decision_maker', 'economic_buyer', 'champion', 'influencer', 'technical_evaluator', 'user', 'blocker', 'other');--> statement-breakpoint
CREATE TYPE "public"."deal_stage_kind" AS ENUM('open', 'won', 'lost');--> statement-breakpoint
ALTER TYPE "public"."list_kind" ADD VALUE 'deals';--> statement-breakpoint
ALTER TYPE "public"."view_entity" ADD VALUE 'deals';--> statement-breakpoint
CREATE TABLE "deal_people" (
	"deal_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"role" "deal_person_role" DEFAULT 'other' NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_people_deal_id_person_id_pk" PRIMARY KEY("deal_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "deal_stage_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"from_stage_id" uuid,
	"to_stage_id" uuid,
	"from_stage_name" text,
	"to_stage_name" text NOT NULL,
	"by_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"stage_id" uuid NOT NULL,
	"status" "deal_stage_kind" DEFAULT 'open' NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"expected_close_date" date,
	"owner_id" uuid,
	"company_id" uuid,
	"company_name" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"lost_reason" text DEFAULT '' NOT NULL,
	"next_step" text DEFAULT '' NOT NULL,
	"position" text NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(name || ' ' || company_name || ' ' || source || ' ' || next_step)) STORED,
	CONSTRAINT "deals_amount_not_negative" CHECK (amount >= 0)
);
--> statement-breakpoint
CREATE TABLE "list_deals" (
	"list_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_deals_list_id_deal_id_pk" PRIMARY KEY("list_id","deal_id")
);
--> statement-breakpoint
CREATE TABLE "pipeline_stages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"probability" integer DEFAULT 0 NOT NULL,
	"kind" "deal_stage_kind" DEFAULT 'open' NOT NULL,
	"rot_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipeline_stages_probability" CHECK (probability between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "pipelines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_one_subject";--> statement-breakpoint
ALTER TABLE "notes" DROP CONSTRAINT "notes_one_subject";--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "deal_id" uuid;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "deal_id" uuid;--> statement-breakpoint
ALTER TABLE "deal_people" ADD CONSTRAINT "deal_people_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_people" ADD CONSTRAINT "deal_people_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_people" ADD CONSTRAINT "deal_people_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_stage_changes" ADD CONSTRAINT "deal_stage_changes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_stage_changes" ADD CONSTRAINT "deal_stage_changes_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_stage_changes" ADD CONSTRAINT "deal_stage_changes_from_stage_id_pipeline_stages_id_fk" FOREIGN KEY ("from_stage_id") REFERENCES "public"."pipeline_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_stage_changes" ADD CONSTRAINT "deal_stage_changes_to_stage_id_pipeline_stages_id_fk" FOREIGN KEY ("to_stage_id") REFERENCES "public"."pipeline_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_stage_changes" ADD CONSTRAINT "deal_stage_changes_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_stage_id_pipeline_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."pipeline_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_deals" ADD CONSTRAINT "list_deals_list_id_record_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."record_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_deals" ADD CONSTRAINT "list_deals_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_stages" ADD CONSTRAINT "pipeline_stages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_stages" ADD CONSTRAINT "pipeline_stages_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipelines" ADD CONSTRAINT "pipelines_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_people_person_idx" ON "deal_people" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "deal_stage_changes_deal_idx" ON "deal_stage_changes" USING btree ("deal_id","at");--> statement-breakpoint
CREATE INDEX "deal_stage_changes_workspace_idx" ON "deal_stage_changes" USING btree ("workspace_id","at");--> statement-breakpoint
CREATE INDEX "deals_stage_position_idx" ON "deals" USING btree ("workspace_id","stage_id","position" collate "C","id");--> statement-breakpoint
CREATE INDEX "deals_stage_sums_idx" ON "deals" USING btree ("workspace_id","stage_id","currency","amount");--> statement-breakpoint
CREATE INDEX "deals_name_lower_idx" ON "deals" USING btree ("workspace_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "deals_company_name_lower_idx" ON "deals" USING btree ("workspace_id",lower("company_name"),"id");--> statement-breakpoint
CREATE INDEX "deals_amount_idx" ON "deals" USING btree ("workspace_id","amount","id");--> statement-breakpoint
CREATE INDEX "deals_close_date_idx" ON "deals" USING btree ("workspace_id","expected_close_date","id");--> statement-breakpoint
CREATE INDEX "deals_status_close_idx" ON "deals" USING btree ("workspace_id","status","expected_close_date");--> statement-breakpoint
CREATE INDEX "deals_stage_changed_idx" ON "deals" USING btree ("workspace_id","stage_changed_at","id");--> statement-breakpoint
CREATE INDEX "deals_closed_idx" ON "deals" USING btree ("workspace_id","closed_at","id");--> statement-breakpoint
CREATE INDEX "deals_created_idx" ON "deals" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "deals_updated_idx" ON "deals" USING btree ("workspace_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "deals_activity_idx" ON "deals" USING btree ("workspace_id","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "deals_pipeline_idx" ON "deals" USING btree ("pipeline_id");--> statement-breakpoint
CREATE INDEX "deals_stage_idx" ON "deals" USING btree ("stage_id");--> statement-breakpoint
CREATE INDEX "deals_owner_idx" ON "deals" USING btree ("owner_id","status");--> statement-breakpoint
CREATE INDEX "deals_company_idx" ON "deals" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "deals_tags_idx" ON "deals" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "deals_search_idx" ON "deals" USING gin (search_text gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "list_deals_deal_idx" ON "list_deals" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "pipeline_stages_pipeline_idx" ON "pipeline_stages" USING btree ("pipeline_id","position");--> statement-breakpoint
CREATE INDEX "pipeline_stages_workspace_idx" ON "pipeline_stages" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "pipelines_workspace_idx" ON "pipelines" USING btree ("workspace_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "pipelines_one_default_key" ON "pipelines" USING btree ("workspace_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "activities_deal_idx" ON "activities" USING btree ("deal_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notes_deal_idx" ON "notes" USING btree ("deal_id");--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_one_subject" CHECK (num_nonnulls(person_id, company_id, deal_id) = 1);--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_one_subject" CHECK (num_nonnulls(person_id, company_id, deal_id) = 1);--> statement-breakpoint
-- Written by hand (schema/crm.ts explains why): the deal a note or an activity is about.
-- Deferrable, so that a restore (src/db/backup.ts) may load them before the deals.
ALTER TABLE "activities" ADD CONSTRAINT "activities_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
-- Every workspace gets the default pipeline (new ones get it from modules/deals/pipelines.repository.ts).
INSERT INTO "pipelines" ("workspace_id", "name", "is_default", "position")
SELECT "id", 'Sales pipeline', true, 0 FROM "workspaces";--> statement-breakpoint
INSERT INTO "pipeline_stages" ("workspace_id", "pipeline_id", "name", "position", "probability", "kind", "rot_days")
SELECT p."workspace_id", p."id", s.name, s.position, s.probability, s.kind::"deal_stage_kind", s.rot_days
FROM "pipelines" p
CROSS JOIN (VALUES
  ('Qualification', 0, 10, 'open', 14),
  ('Meeting booked', 1, 25, 'open', 14),
  ('Proposal', 2, 50, 'open', 21),
  ('Negotiation', 3, 75, 'open', 21),
  ('Won', 4, 100, 'won', NULL),
  ('Lost', 5, 0, 'lost', NULL)
) AS s(name, position, probability, kind, rot_days);
--> statement-breakpoint
-- Derived data, not in the drizzle schema (so backups leave it out; a restore rebuilds it).
CREATE TABLE "deal_stage_totals" (
	"stage_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "deal_stage_totals_stage_id_currency_pk" PRIMARY KEY("stage_id","currency")
);--> statement-breakpoint
-- Each stage's count and sum by currency, kept as deals are added, changed and deleted (one
-- statement per write, from its transition tables; only net changes touch a totals row, in key
-- order, so concurrent writes on other stages never wait and two moves never deadlock).
CREATE FUNCTION "deal_stage_totals_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deal_stage_totals AS t (stage_id, currency, workspace_id, count, amount)
  SELECT stage_id, currency, (array_agg(workspace_id))[1], count(*), sum(amount)
  FROM new_rows GROUP BY stage_id, currency ORDER BY stage_id, currency
  ON CONFLICT (stage_id, currency)
  DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "deal_stage_totals_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deal_stage_totals t SET count = t.count - d.n, amount = t.amount - d.a
  FROM (SELECT stage_id, currency, count(*) AS n, sum(amount) AS a FROM old_rows
        GROUP BY stage_id, currency ORDER BY stage_id, currency) d
  WHERE t.stage_id = d.stage_id AND t.currency = d.currency;
  DELETE FROM deal_stage_totals t USING (SELECT DISTINCT stage_id FROM old_rows) o
  WHERE t.stage_id = o.stage_id AND t.count <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "deal_stage_totals_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deal_stage_totals AS t (stage_id, currency, workspace_id, count, amount)
  SELECT stage_id, currency, (array_agg(workspace_id))[1], sum(n), sum(a) FROM (
    SELECT stage_id, currency, workspace_id, -1 AS n, -amount AS a FROM old_rows
    UNION ALL
    SELECT stage_id, currency, workspace_id, 1, amount FROM new_rows) d
  GROUP BY stage_id, currency HAVING sum(n) <> 0 OR sum(a) <> 0
  ORDER BY stage_id, currency
  ON CONFLICT (stage_id, currency)
  DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  DELETE FROM deal_stage_totals t USING (SELECT DISTINCT stage_id FROM old_rows) o
  WHERE t.stage_id = o.stage_id AND t.count <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "deals_totals_insert" AFTER INSERT ON "deals" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "deal_stage_totals_added"();--> statement-breakpoint
CREATE TRIGGER "deals_totals_delete" AFTER DELETE ON "deals" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "deal_stage_totals_removed"();--> statement-breakpoint
CREATE TRIGGER "deals_totals_update" AFTER UPDATE ON "deals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "deal_stage_totals_changed"();--> statement-breakpoint
CREATE FUNCTION "deal_stage_totals_cleared"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM deal_stage_totals;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "deals_totals_truncate" AFTER TRUNCATE ON "deals"
FOR EACH STATEMENT EXECUTE FUNCTION "deal_stage_totals_cleared"();
