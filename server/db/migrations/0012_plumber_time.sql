-- The plumber's minutes are claimed in the database: each item carries its schedule's plumber, and no
-- two items of one plumber that hold their time (not Cancelled, not cancelled for invalid information:
-- src/domain/scheduling/freeWeek.ts occupiesTime) may overlap. Checked at commit, so one statement may move
-- several items past one another.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "schedule_items" ADD COLUMN "assignee_id" integer;
--> statement-breakpoint
UPDATE "schedule_items" si SET "assignee_id" = s."assignee_id" FROM "schedules" s WHERE s."id" = si."schedule_id";
--> statement-breakpoint
ALTER TABLE "schedule_items" ALTER COLUMN "assignee_id" SET NOT NULL;
--> statement-breakpoint
-- The item's plumber is always its schedule's, whoever writes the row.
CREATE FUNCTION schedule_items_assignee() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT s.assignee_id INTO NEW.assignee_id FROM schedules s WHERE s.id = NEW.schedule_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER schedule_items_assignee BEFORE INSERT OR UPDATE OF schedule_id ON schedule_items
  FOR EACH ROW EXECUTE FUNCTION schedule_items_assignee();
--> statement-breakpoint
-- What the old batch left behind: items saved with no time while no batch of theirs is still to run
-- held their points for nobody. They go, and their points are free to plan again.
DELETE FROM "schedule_items" si
WHERE si."start_time" IS NULL AND si."status" IN (1, 4)
  AND NOT EXISTS (SELECT 1 FROM "schedule_batch_jobs" b WHERE b."id" = si."batch_job_id" AND b."status" IN ('Queued', 'Started'));
--> statement-breakpoint
-- Items the old batch laid on top of another of the same plumber's: the later-made one gives way
-- (deleted while nobody was told of it yet, else cancelled), so the constraint can hold.
WITH clash AS (
  SELECT DISTINCT b."id", b."status" FROM "schedule_items" a JOIN "schedule_items" b
    ON a."company_id" = b."company_id" AND a."assignee_id" = b."assignee_id" AND a."id" < b."id"
   AND a."start_time" < b."end_time" AND b."start_time" < a."end_time"
  WHERE a."status" <> 7 AND COALESCE(a."cancellation_type_id", 0) <> 7
    AND b."status" <> 7 AND COALESCE(b."cancellation_type_id", 0) <> 7
), gone AS (
  DELETE FROM "schedule_items" WHERE "id" IN (SELECT "id" FROM clash WHERE "status" IN (1, 4)) RETURNING "id"
)
UPDATE "schedule_items" SET "status" = 7 WHERE "id" IN (SELECT "id" FROM clash WHERE "status" NOT IN (1, 4));
--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_no_overlap" EXCLUDE USING gist (
  "company_id" WITH =, "assignee_id" WITH =, tstzrange("start_time", "end_time") WITH &&
) WHERE ("start_time" IS NOT NULL AND "status" <> 7 AND COALESCE("cancellation_type_id", 0) <> 7)
DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
CREATE INDEX "schedule_items_assignee_start" ON "schedule_items" ("company_id", "assignee_id", "start_time");
