-- The company's base (ours, src/domain/settings/company.ts): where its plumbers start and end the day, so
-- the planning layout drives each day from it and back.
INSERT INTO "reference_items" ("list", "id", "sort_order", "data") VALUES
  ('ApplicationSetting', 13, 12, '{"id":13,"name":"BaseLatitude","description":"Latitude of the base where the plumbers start and end the day (WGS 84 degrees)"}'::jsonb),
  ('ApplicationSetting', 14, 13, '{"id":14,"name":"BaseLongitude","description":"Longitude of the base where the plumbers start and end the day (WGS 84 degrees)"}'::jsonb);
