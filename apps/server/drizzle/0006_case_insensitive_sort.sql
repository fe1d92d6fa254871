DROP INDEX "companies_name_idx";--> statement-breakpoint
DROP INDEX "companies_industry_idx";--> statement-breakpoint
DROP INDEX "companies_country_idx";--> statement-breakpoint
DROP INDEX "people_first_name_idx";--> statement-breakpoint
DROP INDEX "people_last_name_idx";--> statement-breakpoint
DROP INDEX "people_job_title_idx";--> statement-breakpoint
DROP INDEX "people_company_name_idx";--> statement-breakpoint
DROP INDEX "people_country_idx";--> statement-breakpoint
CREATE INDEX "companies_name_lower_idx" ON "companies" USING btree ("workspace_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "companies_industry_lower_idx" ON "companies" USING btree ("workspace_id",lower("industry"),"id");--> statement-breakpoint
CREATE INDEX "companies_country_lower_idx" ON "companies" USING btree ("workspace_id",lower("country"),"id");--> statement-breakpoint
CREATE INDEX "people_first_name_lower_idx" ON "people" USING btree ("workspace_id",lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "people_last_name_lower_idx" ON "people" USING btree ("workspace_id",lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "people_job_title_lower_idx" ON "people" USING btree ("workspace_id",lower("job_title"),"id");--> statement-breakpoint
CREATE INDEX "people_company_name_lower_idx" ON "people" USING btree ("workspace_id",lower("company_name"),"id");--> statement-breakpoint
CREATE INDEX "people_country_lower_idx" ON "people" USING btree ("workspace_id",lower("country"),"id");