-- At a million catalogue products the search dictionary holds some 50,000 terms (model numbers among them), of which
-- about 130 are brands and categories and about 130 are correctable words. Suggestions read brands and categories
-- that start with what was typed, and typo correction measures trigram similarity to correctable words; both scanned
-- every term (3.7 ms and 3.3 ms a call), and a misspelt suggestion ("lenvo") made three such calls, 17 ms of its
-- 10 ms budget (issue #18). These indexes hold only the rows each reads.
CREATE INDEX "search_terms_shown_prefix_idx" ON "search_terms" USING btree ("term" text_pattern_ops)
  WHERE "kind" IN ('brand', 'category');--> statement-breakpoint
CREATE INDEX "search_terms_correctable_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops) WHERE "correctable";
