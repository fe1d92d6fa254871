CREATE TABLE "deal_stage_totals" (
	"workspace_id" uuid NOT NULL,
	"stage_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"deals" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "deal_stage_totals_stage_id_currency_pk" PRIMARY KEY("stage_id","currency")
);
--> statement-breakpoint
ALTER TABLE "deal_stage_totals" ADD CONSTRAINT "deal_stage_totals_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_stage_totals" ADD CONSTRAINT "deal_stage_totals_stage_id_pipeline_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."pipeline_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_stage_totals_workspace_idx" ON "deal_stage_totals" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "activities_workspace_created_idx" ON "activities" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_assignee_completed_idx" ON "tasks" USING btree ("workspace_id","assignee_id","completed_at") WHERE "tasks"."status" = 'done';--> statement-breakpoint
-- Written by hand: deal_stage_totals follows every write to deals (docs/decisions/033-home.md).
-- One statement per write, its rows in key order, so concurrent moves lock them in one order.
CREATE FUNCTION "deal_stage_totals_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "deal_stage_totals" ("workspace_id", "stage_id", "currency", "deals", "amount")
  SELECT "workspace_id", "stage_id", "currency", sum("n"), sum("a")
    FROM (
      SELECT "workspace_id", "stage_id", "currency", 1 AS "n", "amount" AS "a" FROM "new_rows"
      UNION ALL
      SELECT "workspace_id", "stage_id", "currency", -1, -"amount" FROM "old_rows"
    ) AS "changes"
   GROUP BY "workspace_id", "stage_id", "currency"
  HAVING sum("n") <> 0 OR sum("a") <> 0
   ORDER BY "stage_id", "currency"
  ON CONFLICT ("stage_id", "currency") DO UPDATE
     SET "deals" = "deal_stage_totals"."deals" + excluded."deals",
         "amount" = "deal_stage_totals"."amount" + excluded."amount";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "deal_stage_totals_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "deal_stage_totals" ("workspace_id", "stage_id", "currency", "deals", "amount")
  SELECT "workspace_id", "stage_id", "currency", count(*), sum("amount")
    FROM "new_rows"
   GROUP BY "workspace_id", "stage_id", "currency"
   ORDER BY "stage_id", "currency"
  ON CONFLICT ("stage_id", "currency") DO UPDATE
     SET "deals" = "deal_stage_totals"."deals" + excluded."deals",
         "amount" = "deal_stage_totals"."amount" + excluded."amount";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only rows that exist: a workspace being deleted has already lost its totals (no insert, no FK).
CREATE FUNCTION "deal_stage_totals_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "deal_stage_totals" AS t
     SET "deals" = t."deals" - d."n", "amount" = t."amount" - d."a"
    FROM (SELECT "stage_id", "currency", count(*) AS "n", sum("amount") AS "a"
            FROM "old_rows" GROUP BY "stage_id", "currency") AS d
   WHERE t."stage_id" = d."stage_id" AND t."currency" = d."currency";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "deal_stage_totals_on_insert" AFTER INSERT ON "deals"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "deal_stage_totals_insert"();
--> statement-breakpoint
CREATE TRIGGER "deal_stage_totals_on_update" AFTER UPDATE ON "deals"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_stage_totals_write"();
--> statement-breakpoint
CREATE TRIGGER "deal_stage_totals_on_delete" AFTER DELETE ON "deals"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "deal_stage_totals_delete"();
--> statement-breakpoint
INSERT INTO "deal_stage_totals" ("workspace_id", "stage_id", "currency", "deals", "amount")
SELECT "workspace_id", "stage_id", "currency", count(*), sum("amount") FROM "deals"
 GROUP BY "workspace_id", "stage_id", "currency";
