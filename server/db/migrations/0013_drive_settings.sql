-- The company's drive settings (ours, src/domain/settings/company.ts): how the planning layout counts the
-- drive between two stops until a road network is configured.
INSERT INTO "reference_items" ("list", "id", "sort_order", "data") VALUES
  ('ApplicationSetting', 11, 10, '{"id":11,"name":"RoadFactor","description":"Road distance per straight-line distance between stops"}'::jsonb),
  ('ApplicationSetting', 12, 11, '{"id":12,"name":"TravelSpeed","description":"Average driving speed between stops, km/h"}'::jsonb);
