-- What the assignment list of a company is read from changes: one row per writing statement and company,
-- written by triggers whatever the path (the API, a batch, the register import, plain SQL). The list's
-- fingerprint is the sum of a company's weights (repositories/assignments.ts listFingerprint): rows are only
-- added, so it grows with every committed change, in whatever order transactions commit, and an index
-- answers it at once. The daily clean-up folds a company's rows into one of the same total weight.
CREATE TABLE "list_changes" (
  "id" bigserial PRIMARY KEY,
  "company_id" uuid NOT NULL,
  "weight" bigint DEFAULT 1 NOT NULL
);--> statement-breakpoint
CREATE INDEX "list_changes_company" ON "list_changes" USING btree ("company_id") INCLUDE ("weight");--> statement-breakpoint
CREATE FUNCTION list_changed_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_changes (company_id) SELECT DISTINCT company_id FROM new_rows WHERE company_id IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION list_changed_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_changes (company_id) SELECT DISTINCT company_id FROM old_rows WHERE company_id IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION list_changed_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_changes (company_id)
    SELECT company_id FROM new_rows WHERE company_id IS NOT NULL UNION SELECT company_id FROM old_rows WHERE company_id IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER meter_points_list_ins AFTER INSERT ON meter_points REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changed_new();--> statement-breakpoint
CREATE TRIGGER meter_points_list_upd AFTER UPDATE ON meter_points REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changed_both();--> statement-breakpoint
CREATE TRIGGER meter_points_list_del AFTER DELETE ON meter_points REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changed_old();--> statement-breakpoint
CREATE TRIGGER schedule_items_list_ins AFTER INSERT ON schedule_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changed_new();--> statement-breakpoint
CREATE TRIGGER schedule_items_list_upd AFTER UPDATE ON schedule_items REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changed_both();--> statement-breakpoint
CREATE TRIGGER schedule_items_list_del AFTER DELETE ON schedule_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changed_old();--> statement-breakpoint
CREATE TRIGGER schedules_list_ins AFTER INSERT ON schedules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changed_new();--> statement-breakpoint
CREATE TRIGGER schedules_list_upd AFTER UPDATE ON schedules REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changed_both();--> statement-breakpoint
CREATE TRIGGER schedules_list_del AFTER DELETE ON schedules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changed_old();--> statement-breakpoint
-- Users: only what the list shows of them (the assignee's name), and a user gone.
CREATE FUNCTION list_changed_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.company_id IS NOT NULL THEN INSERT INTO list_changes (company_id) VALUES (OLD.company_id); END IF;
  IF TG_OP = 'UPDATE' AND NEW.company_id IS NOT NULL AND NEW.company_id IS DISTINCT FROM OLD.company_id THEN
    INSERT INTO list_changes (company_id) VALUES (NEW.company_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_list_upd AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name OR OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.registration_id IS DISTINCT FROM NEW.registration_id)
  EXECUTE FUNCTION list_changed_user();--> statement-breakpoint
CREATE TRIGGER users_list_del AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION list_changed_user();
