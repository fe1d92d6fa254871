ALTER TABLE "pipeline_stages" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "pipelines" ADD COLUMN "key" text;--> statement-breakpoint
-- Written by hand: the default pipeline and stages that nobody renamed get their keys, so every
-- reader sees them in their own language (record 037). A renamed one keeps its name, no key.
UPDATE "pipelines" SET "key" = 'sales' WHERE "name" = 'Sales pipeline';--> statement-breakpoint
UPDATE "pipeline_stages" s SET "key" = d.key
FROM (VALUES
  ('Qualification', 'qualification', 'open'),
  ('Meeting booked', 'meeting_booked', 'open'),
  ('Proposal', 'proposal', 'open'),
  ('Negotiation', 'negotiation', 'open'),
  ('Won', 'won', 'won'),
  ('Lost', 'lost', 'lost')
) AS d(name, key, kind)
WHERE s."name" = d.name AND s."kind"::text = d.kind;
