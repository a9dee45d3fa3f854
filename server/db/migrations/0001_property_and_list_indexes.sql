CREATE INDEX "addresses_property" ON "addresses" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "housing_units_address" ON "housing_units" USING btree ("address_id");--> statement-breakpoint
CREATE INDEX "housing_units_property" ON "housing_units" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "jobs_company_live_ref" ON "jobs" USING btree ("company_id","ref_nr") WHERE "jobs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_assignee_live_ref" ON "jobs" USING btree ("company_id","assigned_to_id","ref_nr") WHERE "jobs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "properties_parent" ON "properties" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "water_meters_property" ON "water_meters" USING btree ("property_id");