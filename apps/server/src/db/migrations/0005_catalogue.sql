-- Catalogue products, listings and offers (DESIGN.md). Until now a products row was one seller's listing (store_id
-- set) or a product known only from other stores (store_id null). Listings move to a table of their own and keep
-- their ids, so cart lines, order lines, sale lines and price points go on pointing at the same rows; products
-- become catalogue products. Grouping the listings of one thing into one product is done right after this
-- migration, in code (modules/offers/catalogue-backfill.ts), because the matching rules live in TypeScript.
CREATE TABLE "listings" (
	"id" integer PRIMARY KEY DEFAULT nextval('products_id_seq') NOT NULL,
	"product_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"category" "category" NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"ram_gb" integer DEFAULT 0 NOT NULL,
	"storage_gb" integer DEFAULT 0 NOT NULL,
	"price" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"stock" "stock_status" DEFAULT 'instock' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"thumbnail" text DEFAULT '' NOT NULL,
	"gtin" text,
	"matched_by" text DEFAULT 'name' NOT NULL,
	"units_sold" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_price_nonneg" CHECK ("listings"."price" >= 0),
	CONSTRAINT "listings_quantity_nonneg" CHECK ("listings"."quantity" >= 0)
);
--> statement-breakpoint
INSERT INTO "listings" ("id", "product_id", "store_id", "name", "brand", "category", "description", "ram_gb",
  "storage_gb", "price", "quantity", "stock", "image", "thumbnail", "gtin", "units_sold", "created_at", "updated_at")
SELECT "id", "id", "store_id", "name", "brand", "category", "description", "ram_gb", "storage_gb", "price", "quantity",
  "stock", "image", "thumbnail", "gtin", "units_sold", "created_at", "updated_at"
FROM "products" WHERE "store_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listings_product_idx" ON "listings" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "listings_store_idx" ON "listings" USING btree ("store_id");--> statement-breakpoint
-- Cart lines, sale lines, order lines and our price points held seller products: they now hold listings (same ids).
-- Nothing could put a product of other stores in a cart or a sale; the deletes only guard the new keys.
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "cart_items" RENAME COLUMN "product_id" TO "listing_id";--> statement-breakpoint
ALTER TABLE "cart_items" RENAME CONSTRAINT "cart_items_customer_id_product_id_pk" TO "cart_items_customer_id_listing_id_pk";--> statement-breakpoint
DELETE FROM "cart_items" WHERE "listing_id" NOT IN (SELECT "id" FROM "listings");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_products" DROP CONSTRAINT "sale_products_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "sale_products" RENAME COLUMN "product_id" TO "listing_id";--> statement-breakpoint
ALTER TABLE "sale_products" RENAME CONSTRAINT "sale_products_sale_id_product_id_pk" TO "sale_products_sale_id_listing_id_pk";--> statement-breakpoint
ALTER INDEX "sale_products_product_idx" RENAME TO "sale_products_listing_idx";--> statement-breakpoint
DELETE FROM "sale_products" WHERE "listing_id" NOT IN (SELECT "id" FROM "listings");--> statement-breakpoint
ALTER TABLE "sale_products" ADD CONSTRAINT "sale_products_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "order_lines" RENAME COLUMN "product_id" TO "listing_id";--> statement-breakpoint
UPDATE "order_lines" SET "listing_id" = NULL WHERE "listing_id" NOT IN (SELECT "id" FROM "listings");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_points" DROP CONSTRAINT "price_points_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "price_points" RENAME COLUMN "product_id" TO "listing_id";--> statement-breakpoint
ALTER INDEX "price_points_product_idx" RENAME TO "price_points_listing_idx";--> statement-breakpoint
DELETE FROM "price_points" WHERE "listing_id" NOT IN (SELECT "id" FROM "listings");--> statement-breakpoint
ALTER TABLE "price_points" ADD CONSTRAINT "price_points_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The facet counts are kept from the catalogue product's visibility from now on (below).
DROP TRIGGER "products_facet_counts_insert" ON "products";--> statement-breakpoint
DROP TRIGGER "products_facet_counts_delete" ON "products";--> statement-breakpoint
DROP TRIGGER "products_facet_counts_update" ON "products";--> statement-breakpoint
DROP TRIGGER "stores_facet_counts_status" ON "stores";--> statement-breakpoint
DROP TRIGGER "stores_facet_counts_delete" ON "stores";--> statement-breakpoint
DROP FUNCTION "product_facet_counts_changed"();--> statement-breakpoint
DROP FUNCTION "product_facet_counts_moved"();--> statement-breakpoint
DROP FUNCTION "product_facet_counts_store_changed"();--> statement-breakpoint
DROP INDEX "products_facet_category_idx";--> statement-breakpoint
DROP INDEX "products_facet_brand_idx";--> statement-breakpoint
DROP INDEX "products_category_price_idx";--> statement-breakpoint
DROP INDEX "products_store_idx";--> statement-breakpoint
DROP INDEX "products_search_idx";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_store_id_stores_id_fk";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_price_nonneg";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_quantity_nonneg";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "store_id";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "quantity";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "stock";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "aliases" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lowest_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "offer_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "in_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "visible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(aliases, '')), 'A') || setweight(to_tsvector('simple', coalesce(brand, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_lowest_price_nonneg" CHECK ("products"."lowest_price" >= 0);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "matched_by" text DEFAULT 'name' NOT NULL;--> statement-breakpoint
UPDATE "offers" o SET "matched_by" = 'gtin' FROM "products" p
WHERE p."id" = o."product_id" AND ltrim(regexp_replace(coalesce(o."gtin", ''), '\D', '', 'g'), '0') <> ''
  AND ltrim(regexp_replace(coalesce(o."gtin", ''), '\D', '', 'g'), '0') = ltrim(regexp_replace(coalesce(p."gtin", ''), '\D', '', 'g'), '0');--> statement-breakpoint
CREATE TABLE "product_redirects" (
	"from_id" integer PRIMARY KEY NOT NULL,
	"to_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_redirects" ADD CONSTRAINT "product_redirects_to_id_products_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "data_migrations" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- What a catalogue product's card says, from its offers: the lowest base price a shopper can pay now (in stock
-- first, then any available offer, then any at all), how many stores offer it, whether any has it in stock, whether
-- shoppers see it (a listing in an open store, or any offer of another store: those are never deleted) and its
-- units sold. Rows that would not change are left alone, so the facet-count trigger below fires only on a change.
CREATE FUNCTION refresh_products(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p
  SET lowest_price = s.lowest_price, offer_count = s.offer_count, in_stock = s.in_stock, visible = s.visible,
      units_sold = s.units_sold
  FROM (
    SELECT x.id,
      coalesce(min(o.price) FILTER (WHERE o.available AND o.in_stock), min(o.price) FILTER (WHERE o.available),
               min(o.price), 0) AS lowest_price,
      (count(DISTINCT o.store_key) FILTER (WHERE o.available))::int AS offer_count,
      coalesce(bool_or(o.available AND o.in_stock), false) AS in_stock,
      coalesce(bool_or(o.shown), false) AS visible,
      coalesce(sum(o.units_sold), 0)::int AS units_sold
    FROM (SELECT DISTINCT unnest(ids) AS id) x
    LEFT JOIN (
      SELECT l.product_id, l.price, l.quantity > 0 AND l.stock = 'instock' AS in_stock, st.status = 'open' AS available,
             st.status = 'open' AS shown, 's' || l.store_id AS store_key, l.units_sold
      FROM listings l JOIN stores st ON st.id = l.store_id
      WHERE l.product_id = ANY (ids)
      UNION ALL
      SELECT f.product_id, f.price, f.in_stock, f.available, true, 'e' || f.external_store_id, 0
      FROM offers f WHERE f.product_id = ANY (ids)
    ) o ON o.product_id = x.id
    GROUP BY x.id
  ) s
  WHERE p.id = s.id
    AND (p.lowest_price, p.offer_count, p.in_stock, p.visible, p.units_sold)
        IS DISTINCT FROM (s.lowest_price, s.offer_count, s.in_stock, s.visible, s.units_sold);
END
$$;
--> statement-breakpoint
-- Inserts and deletes refresh per statement (a feed of 10,000 offers refreshes once); an update per changed row.
CREATE FUNCTION offer_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    PERFORM refresh_products(ARRAY[OLD.product_id, NEW.product_id]);
  ELSE
    PERFORM refresh_products(ARRAY(SELECT DISTINCT product_id FROM changed));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listings_refresh_insert AFTER INSERT ON listings
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION offer_rows_changed();
--> statement-breakpoint
CREATE TRIGGER listings_refresh_delete AFTER DELETE ON listings
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION offer_rows_changed();
--> statement-breakpoint
CREATE TRIGGER listings_refresh_update AFTER UPDATE OF product_id, store_id, price, quantity, stock ON listings
  FOR EACH ROW
  WHEN ((OLD.product_id, OLD.store_id, OLD.price, OLD.quantity > 0, OLD.stock)
        IS DISTINCT FROM (NEW.product_id, NEW.store_id, NEW.price, NEW.quantity > 0, NEW.stock))
  EXECUTE FUNCTION offer_rows_changed();
--> statement-breakpoint
-- Units sold are left out: a sale would otherwise rewrite the product's row (and every index on it) inside every
-- checkout. A job adds them up every minute (modules/catalog/units-sold.ts); inserts, deletes and moves sum them here.
CREATE TRIGGER offers_refresh_insert AFTER INSERT ON offers
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION offer_rows_changed();
--> statement-breakpoint
CREATE TRIGGER offers_refresh_delete AFTER DELETE ON offers
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION offer_rows_changed();
--> statement-breakpoint
CREATE TRIGGER offers_refresh_update AFTER UPDATE OF product_id, price, in_stock, available ON offers
  FOR EACH ROW
  WHEN ((OLD.product_id, OLD.price, OLD.in_stock, OLD.available)
        IS DISTINCT FROM (NEW.product_id, NEW.price, NEW.in_stock, NEW.available))
  EXECUTE FUNCTION offer_rows_changed();
--> statement-breakpoint
-- A store that closes or reopens hides or shows its listings.
CREATE FUNCTION store_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_products(ARRAY(SELECT DISTINCT product_id FROM listings WHERE store_id = NEW.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stores_refresh_status AFTER UPDATE OF status ON stores
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION store_status_changed();
--> statement-breakpoint
SELECT refresh_products(ARRAY(SELECT id FROM products));--> statement-breakpoint
-- Keeps product_facet_counts equal to
--   select category, brand, ram_gb, lowest_price / 500000, count(*) from products where visible group by 1, 2, 3, 4
-- (500000 paisa = Rs 5,000 = PRICE_FILTER_STEP in packages/shared/src/rules/money.ts; a test checks they agree).
-- Inserted and deleted products are counted per statement, in key order: a bulk insert costs one upsert, and two
-- statements never take the same count rows in opposite orders.
CREATE FUNCTION product_facet_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_facet_counts AS f (category, brand, ram_gb, bucket, count)
  SELECT c.category, c.brand, c.ram_gb, c.lowest_price / 500000,
         count(*)::int * (CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END)
  FROM changed c WHERE c.visible
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (category, brand, ram_gb, bucket) DO UPDATE SET count = f.count + excluded.count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION product_facet_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.visible THEN
    INSERT INTO product_facet_counts AS f (category, brand, ram_gb, bucket, count)
    VALUES (OLD.category, OLD.brand, OLD.ram_gb, OLD.lowest_price / 500000, -1)
    ON CONFLICT (category, brand, ram_gb, bucket) DO UPDATE SET count = f.count - 1;
  END IF;
  IF NEW.visible THEN
    INSERT INTO product_facet_counts AS f (category, brand, ram_gb, bucket, count)
    VALUES (NEW.category, NEW.brand, NEW.ram_gb, NEW.lowest_price / 500000, 1)
    ON CONFLICT (category, brand, ram_gb, bucket) DO UPDATE SET count = f.count + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DELETE FROM product_facet_counts;--> statement-breakpoint
INSERT INTO product_facet_counts (category, brand, ram_gb, bucket, count)
SELECT category, brand, ram_gb, lowest_price / 500000, count(*)::int FROM products WHERE visible GROUP BY 1, 2, 3, 4;--> statement-breakpoint
CREATE TRIGGER products_facet_counts_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_facet_counts_changed();
--> statement-breakpoint
CREATE TRIGGER products_facet_counts_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_facet_counts_changed();
--> statement-breakpoint
CREATE TRIGGER products_facet_counts_update AFTER UPDATE OF visible, category, brand, ram_gb, lowest_price ON products
  FOR EACH ROW
  WHEN ((OLD.visible, OLD.category, OLD.brand, OLD.ram_gb, OLD.lowest_price / 500000)
        IS DISTINCT FROM (NEW.visible, NEW.category, NEW.brand, NEW.ram_gb, NEW.lowest_price / 500000))
  EXECUTE FUNCTION product_facet_counts_moved();
--> statement-breakpoint
-- Moves everything that names catalogue product `gone` to `keep`, then deletes `gone` and leaves a redirect: used
-- to group listings of one thing (catalogue backfill) and, later, by the people who fix matches. A customer who had
-- saved both keeps one.
CREATE FUNCTION merge_products(keep integer, gone integer) RETURNS void LANGUAGE plpgsql AS $$
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
  UPDATE products k SET views = k.views + g.views, gtin = coalesce(k.gtin, g.gtin),
    aliases = left(trim(k.aliases || ' ' || g.name || ' ' || g.aliases), 4000)
  FROM products g WHERE k.id = keep AND g.id = gone;
  UPDATE product_redirects SET to_id = keep WHERE to_id = gone;
  INSERT INTO product_redirects (from_id, to_id) VALUES (gone, keep)
    ON CONFLICT (from_id) DO UPDATE SET to_id = excluded.to_id;
  DELETE FROM products WHERE id = gone;
END
$$;
--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search");--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category","lowest_price");--> statement-breakpoint
CREATE INDEX "products_facet_category_idx" ON "products" USING btree ("category","brand","ram_gb","lowest_price","visible","units_sold","views","id","created_at","storage_gb");--> statement-breakpoint
CREATE INDEX "products_facet_brand_idx" ON "products" USING btree ("brand","category","ram_gb","lowest_price","visible","units_sold","views","id","created_at","storage_gb");--> statement-breakpoint
ALTER TABLE "search_terms" ADD COLUMN "correctable" boolean GENERATED ALWAYS AS (term !~ '[0-9]' and length(term) >= 3) STORED NOT NULL;
