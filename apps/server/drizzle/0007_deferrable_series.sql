-- A changed occurrence points at its series in the same table. Deferrable, so that a restore
-- (src/db/backup.ts) can load the rows in any order inside its one transaction; every other
-- write still checks it at once (INITIALLY IMMEDIATE).
ALTER TABLE "calendar_events" ALTER CONSTRAINT "calendar_events_series_id_calendar_events_id_fk" DEFERRABLE INITIALLY IMMEDIATE;
