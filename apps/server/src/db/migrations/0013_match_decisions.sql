-- Matching in the operator console (#13). An operator's decision about one offer or listing (confirm it where it is,
-- split it out into a product of its own, move it to another product) is kept apart from the offer's row, keyed by
-- what ingestion and sellers bring back (an external store's slug with the store's own item id, or a listing's id),
-- so the matcher (modules/offers/catalogue.ts) honours it whenever the same item is matched again, even after its
-- store was deleted and added anew.
CREATE TABLE "match_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_slug" text,
	"store_item_id" text,
	"listing_id" integer,
	"product_id" integer NOT NULL,
	"decision" text NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_decisions_decision" CHECK ("match_decisions"."decision" in ('confirm', 'split', 'move')),
	CONSTRAINT "match_decisions_one_key" CHECK (("match_decisions"."listing_id" is null) = ("match_decisions"."store_slug" is not null and "match_decisions"."store_item_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "match_decisions" ADD CONSTRAINT "match_decisions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_decisions" ADD CONSTRAINT "match_decisions_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_decisions" ADD CONSTRAINT "match_decisions_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "match_decisions_offer_uq" ON "match_decisions" USING btree ("store_slug","store_item_id") WHERE "match_decisions"."listing_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "match_decisions_listing_uq" ON "match_decisions" USING btree ("listing_id") WHERE "match_decisions"."listing_id" is not null;--> statement-breakpoint
CREATE INDEX "match_decisions_product_idx" ON "match_decisions" USING btree ("product_id");--> statement-breakpoint
-- Other GTINs and match keys that name a product: the extra GTINs an operator gives it, and the GTIN and match key
-- of a product merged into it, so that ingestion after a merge finds the kept product instead of making the gone one
-- again. GTINs are stored as matching.ts normalises them (14 digits).
CREATE TABLE "product_aliases" (
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "product_aliases_kind_value_pk" PRIMARY KEY("kind","value"),
	CONSTRAINT "product_aliases_kind" CHECK ("product_aliases"."kind" in ('gtin', 'match_key'))
);
--> statement-breakpoint
ALTER TABLE "product_aliases" ADD CONSTRAINT "product_aliases_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_aliases_product_idx" ON "product_aliases" USING btree ("product_id");--> statement-breakpoint
-- Near misses (same brand and model, other specs) are found by the first two parts of the match key.
CREATE INDEX "products_model_key_idx" ON "products" USING btree (split_part("match_key", '|', 1), split_part("match_key", '|', 2));--> statement-breakpoint
-- merge_products of 0005, which now also hands the gone product's GTIN and match key (and its aliases and decisions)
-- to the kept one.
CREATE OR REPLACE FUNCTION merge_products(keep integer, gone integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF keep = gone THEN
    RETURN;
  END IF;
  UPDATE listings SET product_id = keep WHERE product_id = gone;
  UPDATE offers SET product_id = keep WHERE product_id = gone;
  UPDATE reviews SET product_id = keep WHERE product_id = gone;
  DELETE FROM price_alerts a WHERE a.product_id = gone
    AND EXISTS (SELECT 1 FROM price_alerts b WHERE b.product_id = keep AND b.customer_id = a.customer_id);
  UPDATE price_alerts SET product_id = keep WHERE product_id = gone;
  DELETE FROM wishlist_items a WHERE a.product_id = gone
    AND EXISTS (SELECT 1 FROM wishlist_items b WHERE b.product_id = keep AND b.customer_id = a.customer_id);
  UPDATE wishlist_items SET product_id = keep WHERE product_id = gone;
  DELETE FROM compare_items a WHERE a.product_id = gone
    AND EXISTS (SELECT 1 FROM compare_items b WHERE b.product_id = keep AND b.customer_id = a.customer_id);
  UPDATE compare_items SET product_id = keep WHERE product_id = gone;
  INSERT INTO product_views (product_id, viewer_key, viewed_at)
    SELECT keep, viewer_key, viewed_at FROM product_views WHERE product_id = gone ON CONFLICT DO NOTHING;
  UPDATE match_decisions SET product_id = keep WHERE product_id = gone;
  UPDATE product_aliases SET product_id = keep WHERE product_id = gone;
  INSERT INTO product_aliases (kind, value, product_id)
    SELECT 'match_key', g.match_key, keep FROM products g, products k
    WHERE g.id = gone AND k.id = keep AND g.match_key IS NOT NULL AND g.match_key IS DISTINCT FROM k.match_key
    ON CONFLICT (kind, value) DO UPDATE SET product_id = excluded.product_id;
  INSERT INTO product_aliases (kind, value, product_id)
    SELECT 'gtin', g.gtin, keep FROM products g, products k
    WHERE g.id = gone AND k.id = keep AND g.gtin IS NOT NULL AND k.gtin IS NOT NULL AND g.gtin <> k.gtin
    ON CONFLICT (kind, value) DO UPDATE SET product_id = excluded.product_id;
  UPDATE products k SET views = k.views + g.views, gtin = coalesce(k.gtin, g.gtin),
    aliases = left(trim(k.aliases || ' ' || g.name || ' ' || g.aliases), 4000)
  FROM products g WHERE k.id = keep AND g.id = gone;
  -- The kept product's own GTIN is no longer an alias of anything.
  DELETE FROM product_aliases a USING products k WHERE k.id = keep AND a.kind = 'gtin' AND a.value = k.gtin;
  UPDATE product_redirects SET to_id = keep WHERE to_id = gone;
  INSERT INTO product_redirects (from_id, to_id) VALUES (gone, keep)
    ON CONFLICT (from_id) DO UPDATE SET to_id = excluded.to_id;
  DELETE FROM products WHERE id = gone;
END
$$;
