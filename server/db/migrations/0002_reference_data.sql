-- Reference lists the app reads at start (spec 1 §3, spec 3 §3). In a migration, not in the demo
-- seed, so every database has them. Later changes: a new migration.
INSERT INTO "reference_items" ("list", "id", "sort_order", "data") VALUES
  ('JobTypes', 1, 0, '{"id":1,"name":"Ny vannmåler","shortName":"Install"}'::jsonb),
  ('JobTypes', 2, 1, '{"id":2,"name":"Utskifting av vannmåler","shortName":"Replace"}'::jsonb),
  ('JobTypes', 3, 2, '{"id":3,"name":"Demontering av vannmåler","shortName":"Dismantle"}'::jsonb),
  ('JobTypes', 4, 3, '{"id":4,"name":"Avvik","shortName":"Avvik"}'::jsonb);--> statement-breakpoint
INSERT INTO "reference_items" ("list", "id", "sort_order", "data") VALUES
  ('TaskStatus', 1, 0, '{"id":1,"name":"Ikke startet","key":"NotStarted"}'::jsonb),
  ('TaskStatus', 2, 1, '{"id":2,"name":"Pågår","key":"InProgress"}'::jsonb),
  ('TaskStatus', 4, 2, '{"id":4,"name":"Fullført","key":"Completed"}'::jsonb),
  ('TaskStatus', 6, 3, '{"id":6,"name":"Automatisk","key":"Automatic"}'::jsonb),
  ('TaskStatus', 8, 4, '{"id":8,"name":"Hinder","key":"Obstacle"}'::jsonb),
  ('TaskStatus', 9, 5, '{"id":9,"name":"Avvik","key":"Deviation"}'::jsonb);--> statement-breakpoint
INSERT INTO "reference_items" ("list", "id", "sort_order", "data") VALUES
  ('JobStatus', 1, 0, '{"id":1,"name":"Ny","key":"New","color":"#1E88E5"}'::jsonb),
  ('JobStatus', 2, 1, '{"id":2,"name":"Pågår","key":"InProgress","color":"#FB8C00"}'::jsonb),
  ('JobStatus', 3, 2, '{"id":3,"name":"På vent","key":"OnHold","color":"#8E24AA"}'::jsonb),
  ('JobStatus', 4, 3, '{"id":4,"name":"Fullført","key":"Completed","color":"#43A047"}'::jsonb),
  ('JobStatus', 5, 4, '{"id":5,"name":"Lukket","key":"Closed","color":"#757575"}'::jsonb);--> statement-breakpoint
INSERT INTO "reference_items" ("list", "id", "sort_order", "data") VALUES
  ('watermetermodels', 1, 0, '{"id":1,"name":"Kamstrup flowIQ 2200 DN20 Q3 2,5","manufacturer":"Kamstrup","manufacturerType":"flowIQ 2200","dimension":{"millimeters":20,"inches":"3/4\""},"nrfNumber":"8404520","numberOfDigits":8,"capacityType":"Q3 2,5","preparedForRemoteReading":true,"constructionLength":130,"directions":[{"id":1,"name":"Horisontal"},{"id":2,"name":"Vertikal, strømning opp"},{"id":3,"name":"Vertikal, strømning ned"}],"waterTypeId":0,"serialNumberRegex":"^\\d{8}$","serialNumberRegexInfo":"Eksempel: 71234567"}'::jsonb),
  ('watermetermodels', 2, 1, '{"id":2,"name":"Kamstrup flowIQ 2200 DN25 Q3 4,0","manufacturer":"Kamstrup","manufacturerType":"flowIQ 2200","dimension":{"millimeters":25,"inches":"1\""},"nrfNumber":"8404525","numberOfDigits":8,"capacityType":"Q3 4,0","preparedForRemoteReading":true,"constructionLength":260,"directions":[{"id":1,"name":"Horisontal"},{"id":2,"name":"Vertikal, strømning opp"},{"id":3,"name":"Vertikal, strømning ned"}],"waterTypeId":0,"serialNumberRegex":"^\\d{8}$","serialNumberRegexInfo":"Eksempel: 71234567"}'::jsonb),
  ('watermetermodels', 3, 2, '{"id":3,"name":"Sensus 620 DN20","manufacturer":"Sensus","manufacturerType":"620","dimension":{"millimeters":20,"inches":"3/4\""},"nrfNumber":"8404610","numberOfDigits":8,"capacityType":"Q3 4,0","preparedForRemoteReading":false,"constructionLength":190,"directions":[{"id":1,"name":"Horisontal"}],"waterTypeId":0,"serialNumberRegex":"^\\d{2}[A-Z]{2}\\d{6}$","serialNumberRegexInfo":"Eksempel: 21SE004512"}'::jsonb),
  ('watermetermodels', 4, 3, '{"id":4,"name":"Itron Aquadis+ DN15","manufacturer":"Itron","manufacturerType":"Aquadis+","dimension":{"millimeters":15,"inches":"1/2\""},"nrfNumber":"8404415","numberOfDigits":8,"capacityType":"Q3 2,5","preparedForRemoteReading":true,"constructionLength":110,"directions":[{"id":1,"name":"Horisontal"},{"id":2,"name":"Vertikal, strømning opp"}],"waterTypeId":0,"serialNumberRegex":"^[A-Z]\\d{2}[A-Z]{2}\\d{6}$","serialNumberRegexInfo":"Eksempel: I19LA123456"}'::jsonb),
  ('watermetermodels', 5, 4, '{"id":5,"name":"Diehl Hydrus 2.0 DN20","manufacturer":"Diehl Metering","manufacturerType":"Hydrus 2.0","dimension":{"millimeters":20,"inches":"3/4\""},"nrfNumber":"8404720","numberOfDigits":9,"capacityType":"Q3 4,0","preparedForRemoteReading":true,"constructionLength":190,"directions":[{"id":1,"name":"Horisontal"},{"id":2,"name":"Vertikal, strømning opp"},{"id":3,"name":"Vertikal, strømning ned"}],"waterTypeId":0,"serialNumberRegex":"^\\d{10}$","serialNumberRegexInfo":"Eksempel: 6512345678"}'::jsonb),
  ('watermetermodels', 6, 5, '{"id":6,"name":"Zenner MNK-N DN20 varmtvann","manufacturer":"Zenner","manufacturerType":"MNK-N","dimension":{"millimeters":20,"inches":"3/4\""},"nrfNumber":"8404820","numberOfDigits":8,"capacityType":"Q3 4,0","preparedForRemoteReading":false,"constructionLength":190,"directions":[{"id":1,"name":"Horisontal"}],"waterTypeId":1,"serialNumberRegex":"^\\d{7}$","serialNumberRegexInfo":"Eksempel: 0032548"}'::jsonb),
  ('watermetermodels', 7, 6, '{"id":7,"name":"Elster V200 DN32","manufacturer":"Elster","manufacturerType":"V200","dimension":{"millimeters":32,"inches":"1 1/4\""},"nrfNumber":"8404932","numberOfDigits":8,"capacityType":"Q3 10","preparedForRemoteReading":false,"constructionLength":260,"directions":[{"id":1,"name":"Horisontal"},{"id":2,"name":"Vertikal, strømning opp"}],"waterTypeId":2,"serialNumberRegex":null,"serialNumberRegexInfo":null}'::jsonb),
  ('watermetermodels', 8, 7, '{"id":8,"name":"Axioma Qalcosonic W1 DN20","manufacturer":"Axioma Metering","manufacturerType":"Qalcosonic W1","dimension":{"millimeters":20,"inches":"3/4\""},"nrfNumber":"8404320","numberOfDigits":8,"capacityType":"Q3 2,5","preparedForRemoteReading":true,"constructionLength":165,"directions":[{"id":1,"name":"Horisontal"},{"id":2,"name":"Vertikal, strømning opp"},{"id":3,"name":"Vertikal, strømning ned"}],"waterTypeId":0,"serialNumberRegex":"^\\d{8}$","serialNumberRegexInfo":"Eksempel: 20123456"}'::jsonb);--> statement-breakpoint
INSERT INTO "reference_items" ("list", "id", "sort_order", "data") VALUES
  ('watermeterplacements', 1, 0, '{"id":1,"name":"Kjeller"}'::jsonb),
  ('watermeterplacements', 2, 1, '{"id":2,"name":"Vaskerom"}'::jsonb),
  ('watermeterplacements', 3, 2, '{"id":3,"name":"Teknisk rom"}'::jsonb),
  ('watermeterplacements', 4, 3, '{"id":4,"name":"Bad"}'::jsonb),
  ('watermeterplacements', 5, 4, '{"id":5,"name":"Garasje"}'::jsonb),
  ('watermeterplacements', 6, 5, '{"id":6,"name":"Krypkjeller"}'::jsonb),
  ('watermeterplacements', 7, 6, '{"id":7,"name":"Utvendig vannmålerkum"}'::jsonb),
  ('watermeterplacements', 8, 7, '{"id":8,"name":"Bod"}'::jsonb),
  ('watermeterplacements', 9, 8, '{"id":9,"name":"Annet"}'::jsonb);--> statement-breakpoint
INSERT INTO "reference_items" ("list", "id", "sort_order", "data") VALUES
  ('WaterMeterReadingTypes', 1, 0, '{"id":1,"name":"Manuell avlesning"}'::jsonb),
  ('WaterMeterReadingTypes', 2, 1, '{"id":2,"name":"Fjernavlesning (AMR)"}'::jsonb),
  ('WaterMeterReadingTypes', 3, 2, '{"id":3,"name":"Kundens egenavlesning"}'::jsonb),
  ('WaterMeterReadingTypes', 4, 3, '{"id":4,"name":"Stipulert"}'::jsonb);--> statement-breakpoint
INSERT INTO "reference_items" ("list", "id", "sort_order", "data") VALUES
  ('MaxConstructionLength', 1, 0, '{"id":1,"value":105}'::jsonb),
  ('MaxConstructionLength', 2, 1, '{"id":2,"value":110}'::jsonb),
  ('MaxConstructionLength', 3, 2, '{"id":3,"value":130}'::jsonb),
  ('MaxConstructionLength', 4, 3, '{"id":4,"value":165}'::jsonb),
  ('MaxConstructionLength', 5, 4, '{"id":5,"value":190}'::jsonb),
  ('MaxConstructionLength', 6, 5, '{"id":6,"value":220}'::jsonb),
  ('MaxConstructionLength', 7, 6, '{"id":7,"value":260}'::jsonb),
  ('MaxConstructionLength', 8, 7, '{"id":8,"value":300}'::jsonb);--> statement-breakpoint
INSERT INTO "reference_items" ("list", "id", "sort_order", "data") VALUES
  ('BackflowProtectionTypes', 1, 0, '{"id":1,"type":"EA","description":"Kontrollerbar tilbakeslagsventil"}'::jsonb),
  ('BackflowProtectionTypes', 2, 1, '{"id":2,"type":"EB","description":"Ikke-kontrollerbar tilbakeslagsventil"}'::jsonb),
  ('BackflowProtectionTypes', 3, 2, '{"id":3,"type":"EC","description":"Kontrollerbar dobbel tilbakeslagsventil"}'::jsonb),
  ('BackflowProtectionTypes', 4, 3, '{"id":4,"type":"ED","description":"Ikke-kontrollerbar dobbel tilbakeslagsventil"}'::jsonb),
  ('BackflowProtectionTypes', 5, 4, '{"id":5,"type":"BA","description":"Kontrollerbar sone med redusert trykk"}'::jsonb),
  ('BackflowProtectionTypes', 6, 5, '{"id":6,"type":"CA","description":"Ikke-kontrollerbar sone med ulikt trykk"}'::jsonb),
  ('BackflowProtectionTypes', 7, 6, '{"id":7,"type":"AA","description":"Fritt utløp (luftgap)"}'::jsonb),
  ('BackflowProtectionTypes', 8, 7, '{"id":8,"type":"HA","description":"Slangetilkobling med tilbakeslagssikring"}'::jsonb);--> statement-breakpoint
INSERT INTO "reference_items" ("list", "id", "sort_order", "data") VALUES
  ('Deviation', 1, 0, '{"id":1,"value":"Lekkasje ved eksisterende måler","deviationType":0}'::jsonb),
  ('Deviation', 2, 1, '{"id":2,"value":"Stoppekran virker ikke","deviationType":0}'::jsonb),
  ('Deviation', 3, 2, '{"id":3,"value":"Feil dimensjon på rør","deviationType":0}'::jsonb),
  ('Deviation', 4, 3, '{"id":4,"value":"Ikke plass til ny måler","deviationType":0}'::jsonb),
  ('Deviation', 5, 4, '{"id":5,"value":"Rør i dårlig forfatning","deviationType":0}'::jsonb),
  ('Deviation', 6, 5, '{"id":6,"value":"Plombe brutt eller måler skadet","deviationType":0}'::jsonb),
  ('Deviation', 7, 6, '{"id":7,"value":"Ingen hjemme","deviationType":1}'::jsonb),
  ('Deviation', 8, 7, '{"id":8,"value":"Ikke tilgang til målerplassering","deviationType":1}'::jsonb),
  ('Deviation', 9, 8, '{"id":9,"value":"Kunden ønsker ny avtale","deviationType":1}'::jsonb),
  ('Deviation', 10, 9, '{"id":10,"value":"Kunden nektet arbeidet","deviationType":1}'::jsonb),
  ('Deviation', 11, 10, '{"id":11,"value":"Løs hund på eiendommen","deviationType":1}'::jsonb),
  ('Deviation', 12, 11, '{"id":12,"value":"Vannmålerkum dekket av snø eller is","deviationType":1}'::jsonb);--> statement-breakpoint
INSERT INTO "reference_items" ("list", "id", "sort_order", "data") VALUES
  ('CancellationType', 1, 0, '{"id":1,"name":"NoReply","description":"Ingen svar fra kunden","cancellationClass":"Cancelled"}'::jsonb),
  ('CancellationType', 2, 1, '{"id":2,"name":"UnknownReply","description":"Ukjent svar fra kunden","cancellationClass":"Cancelled"}'::jsonb),
  ('CancellationType', 3, 2, '{"id":3,"name":"Rejection","description":"Kunden avviste tidspunktet","cancellationClass":"Cancelled"}'::jsonb),
  ('CancellationType', 4, 3, '{"id":4,"name":"Other","description":"Annen årsak","cancellationClass":"Cancelled"}'::jsonb),
  ('CancellationType', 5, 4, '{"id":5,"name":"ExternalFailure","description":"Feil hos ekstern tjeneste","cancellationClass":"Failure"}'::jsonb),
  ('CancellationType', 6, 5, '{"id":6,"name":"InternalFailure","description":"Intern feil","cancellationClass":"Failure"}'::jsonb),
  ('CancellationType', 7, 6, '{"id":7,"name":"InvalidInformation","description":"Ugyldig informasjon","cancellationClass":"Failure"}'::jsonb);--> statement-breakpoint
INSERT INTO "reference_items" ("list", "id", "sort_order", "data") VALUES
  ('WorkDayType', 1, 0, '{"id":1,"name":"Weekday"}'::jsonb),
  ('WorkDayType', 2, 1, '{"id":2,"name":"Saturday"}'::jsonb),
  ('WorkDayType', 3, 2, '{"id":3,"name":"Sunday"}'::jsonb);--> statement-breakpoint
INSERT INTO "reference_items" ("list", "id", "sort_order", "data") VALUES
  ('HoliDayType', 1, 0, '{"id":1,"name":"HalfDay"}'::jsonb),
  ('HoliDayType', 2, 1, '{"id":2,"name":"FullDay"}'::jsonb);--> statement-breakpoint
INSERT INTO "reference_items" ("list", "id", "sort_order", "data") VALUES
  ('AvailabilityType', 1, 0, '{"id":1,"name":"Available"}'::jsonb),
  ('AvailabilityType', 2, 1, '{"id":2,"name":"Unavailable"}'::jsonb),
  ('AvailabilityType', 3, 2, '{"id":3,"name":"Absent"}'::jsonb),
  ('AvailabilityType', 4, 3, '{"id":4,"name":"Extended"}'::jsonb),
  ('AvailabilityType', 5, 4, '{"id":5,"name":"Lunch"}'::jsonb);--> statement-breakpoint
INSERT INTO "reference_items" ("list", "id", "sort_order", "data") VALUES
  ('ApplicationSetting', 1, 0, '{"id":1,"name":"Install","description":"Install new water meter"}'::jsonb),
  ('ApplicationSetting', 2, 1, '{"id":2,"name":"Replace","description":"Replace water meter"}'::jsonb),
  ('ApplicationSetting', 3, 2, '{"id":3,"name":"Dismantle","description":"Dismantle water meter"}'::jsonb),
  ('ApplicationSetting', 4, 3, '{"id":4,"name":"ErrorThreshold","description":"ErrorThreshold"}'::jsonb),
  ('ApplicationSetting', 5, 4, '{"id":5,"name":"NoReplyAutoJobCreation","description":"NoReplyAutoJobCreation"}'::jsonb),
  ('ApplicationSetting', 6, 5, '{"id":6,"name":"ReminderFrequency","description":"ReminderFrequency"}'::jsonb),
  ('ApplicationSetting', 7, 6, '{"id":7,"name":"NumberOfReminders","description":"NumberOfReminders"}'::jsonb),
  ('ApplicationSetting', 8, 7, '{"id":8,"name":"SendConfirmationBefore","description":"SendConfirmationBefore"}'::jsonb),
  ('ApplicationSetting', 9, 8, '{"id":9,"name":"SendReminder","description":"SendReminder"}'::jsonb);--> statement-breakpoint
INSERT INTO "reference_items" ("list", "id", "sort_order", "data") VALUES
  ('WaterTypes', 0, 0, '{"id":0,"name":"Kaldtvann"}'::jsonb),
  ('WaterTypes', 1, 1, '{"id":1,"name":"Varmtvann"}'::jsonb),
  ('WaterTypes', 2, 2, '{"id":2,"name":"Kalt- og varmtvann"}'::jsonb);
