ALTER TABLE "calendar_events" ADD COLUMN "rrule" text;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "exdates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "repeat_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "recurrence_id" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "organizer" jsonb;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "guests" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "etag" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_series_id_calendar_events_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_events_series_idx" ON "calendar_events" USING btree ("series_id");