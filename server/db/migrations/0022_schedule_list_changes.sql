-- A schedule's row changes the assignment list only through what the list shows of it: the week, the year
-- and the plumber of its items (repositories/assignments.ts). A new schedule has no items yet (theirs add
-- their own change), and its status or batch fields are not in the list: so neither moves the list's
-- fingerprint any more, and the company's list the server keeps is not written anew each time an admin opens a new week.
DROP TRIGGER schedules_list_ins ON schedules;--> statement-breakpoint
DROP TRIGGER schedules_list_upd ON schedules;--> statement-breakpoint
CREATE FUNCTION list_changed_schedule() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_changes (company_id)
    SELECT DISTINCT c FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL (VALUES (o.company_id), (n.company_id)) AS x(c)
    WHERE c IS NOT NULL AND (o.week_no, o.year, o.assignee_id, o.company_id) IS DISTINCT FROM (n.week_no, n.year, n.assignee_id, n.company_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER schedules_list_upd AFTER UPDATE ON schedules REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changed_schedule();
