-- Meter readings are numbers in the task forms' schema (src/domain/schemas/tasks.ts), old meter and new
-- alike; old-meter readings used to be stored as the text typed ("4201"). Readings that are plain
-- decimals become numbers; anything else is left for the plumber to correct in the form.
UPDATE "tasks" SET "dismantle_obj" = jsonb_set("dismantle_obj", '{lastMeterReading}',
  to_jsonb(replace(btrim("dismantle_obj"->>'lastMeterReading'), ',', '.')::numeric))
WHERE jsonb_typeof("dismantle_obj"->'lastMeterReading') = 'string'
  AND btrim("dismantle_obj"->>'lastMeterReading') ~ '^[0-9]{1,10}([.,][0-9]{1,6})?$';--> statement-breakpoint
UPDATE "tasks" SET "new_water_meter_obj" = jsonb_set("new_water_meter_obj", '{lastMeterReading}',
  to_jsonb(replace(btrim("new_water_meter_obj"->>'lastMeterReading'), ',', '.')::numeric))
WHERE jsonb_typeof("new_water_meter_obj"->'lastMeterReading') = 'string'
  AND btrim("new_water_meter_obj"->>'lastMeterReading') ~ '^[0-9]{1,10}([.,][0-9]{1,6})?$';
