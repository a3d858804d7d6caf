-- A review written from an order keeps the store that sold it (reviews.store_id), so that a store's rating reads the
-- reviews alone instead of each review's order line and order (decision 029). Existing reviews take the store of
-- their order line's order; reviews written without an order keep null.
ALTER TABLE "reviews" ADD COLUMN "store_id" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "reviews" r SET "store_id" = o."store_id"
  FROM "order_lines" ol JOIN "orders" o ON o."id" = ol."order_id"
  WHERE ol."id" = r."order_line_id";--> statement-breakpoint
CREATE INDEX "reviews_store_idx" ON "reviews" USING btree ("store_id");
