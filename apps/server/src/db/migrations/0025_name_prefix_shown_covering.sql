-- Suggestions read the names of shown products that start with what was typed (modules/catalog/suggestions.ts:
-- `lower(p.name) like 'prefix%' and p.visible limit 60`). The index they used held lower(name) only, so each of the 60
-- rows was a visit to the table to read its name and whether it is shown: 2-5 ms a suggestion at 100k products, and
-- the largest single statement left in the search long tail once cards are kept (bench/README.md). This one holds
-- the shown products only, and their names, so the same statement is an index-only scan (0.5-1 ms). Nothing else
-- reads the old index. Every row is kept; only the index changes.
DROP INDEX IF EXISTS "products_name_prefix_idx";
--> statement-breakpoint
CREATE INDEX "products_name_prefix_idx" ON "products" USING btree (lower("name") text_pattern_ops) INCLUDE ("name")
  WHERE "visible";
