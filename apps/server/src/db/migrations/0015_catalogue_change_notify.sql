-- Every server process keeps visitors' product pages and product answers until their product changes
-- (docs/decisions/020-product-pages-until-their-product-changes.md). These statement-level triggers tell every
-- process which catalogue products changed, with NOTIFY on channel catalogue_changes, whoever writes: this app, the
-- ingestion command in another process, a second app server, raw SQL. A payload is a comma list of product ids (at
-- most 700, under NOTIFY's 8000-byte limit), '*' when more than 10,000 products changed in one statement (every
-- process then drops everything), or 'sales' when a sale was added, changed or removed (processes re-read when the
-- next sale starts or ends). PostgreSQL sends them on commit, drops them on rollback, and folds identical payloads of
-- one transaction into one. Columns that no page shows (views, units sold, search words, timestamps of checks) are
-- left out, so a view counted or a feed re-read without changes notifies nobody.
CREATE FUNCTION notify_catalogue_changes(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  distinct_ids integer[] := ARRAY(SELECT DISTINCT id FROM unnest(ids) id WHERE id IS NOT NULL ORDER BY id);
  part text;
BEGIN
  IF cardinality(distinct_ids) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(distinct_ids) > 10000 THEN
    PERFORM pg_notify('catalogue_changes', '*');
    RETURN;
  END IF;
  FOR part IN
    SELECT string_agg(id::text, ',' ORDER BY id) FROM unnest(distinct_ids) WITH ORDINALITY AS d(id, n)
    GROUP BY (n - 1) / 700 ORDER BY 1
  LOOP
    PERFORM pg_notify('catalogue_changes', part);
  END LOOP;
END
$$;
--> statement-breakpoint
-- A product changed by another table's trigger (refresh_products, once per changed listing or offer) is told by that
-- table's own trigger: told again here, a re-priced feed paid for a second trigger on every row.
CREATE FUNCTION products_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM notify_catalogue_changes(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.name, n.brand, n.category, n.description, n.ram_gb, n.storage_gb, n.image, n.thumbnail, n.gtin,
             n.lowest_price, n.offer_count, n.in_stock, n.visible)
        IS DISTINCT FROM (o.name, o.brand, o.category, o.description, o.ram_gb, o.storage_gb, o.image, o.thumbnail,
             o.gtin, o.lowest_price, o.offer_count, o.in_stock, o.visible)));
  ELSE
    PERFORM notify_catalogue_changes(ARRAY(SELECT id FROM changed));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_notify_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION products_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER products_notify_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION products_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER products_notify_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_catalogue_changed();
--> statement-breakpoint
-- A listing's id is also the URL of the days before the catalogue (it shares the products' id sequence), which answers
-- with a move to its product: it is told too.
CREATE FUNCTION listings_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM notify_catalogue_changes(ARRAY(
      SELECT unnest(ARRAY[o.product_id, n.product_id, n.id]) FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.product_id, n.store_id, n.name, n.brand, n.category, n.description, n.ram_gb, n.storage_gb, n.price,
             n.quantity, n.stock, n.image, n.thumbnail, n.gtin, n.matched_by)
        IS DISTINCT FROM (o.product_id, o.store_id, o.name, o.brand, o.category, o.description, o.ram_gb, o.storage_gb,
             o.price, o.quantity, o.stock, o.image, o.thumbnail, o.gtin, o.matched_by)));
  ELSE
    PERFORM notify_catalogue_changes(ARRAY(SELECT unnest(ARRAY[product_id, id]) FROM changed));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listings_notify_insert AFTER INSERT ON listings
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION listings_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER listings_notify_delete AFTER DELETE ON listings
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION listings_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER listings_notify_update AFTER UPDATE ON listings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listings_catalogue_changed();
--> statement-breakpoint
-- last_checked_at is left out: a feed read again without changes moves it on every offer.
CREATE FUNCTION offers_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM notify_catalogue_changes(ARRAY(
      SELECT unnest(ARRAY[o.product_id, n.product_id]) FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.product_id, n.external_store_id, n.url, n.name, n.description, n.image, n.brand, n.gtin, n.mpn, n.price,
             n.currency, n.in_stock, n.available, n.rating_value, n.rating_count, n.matched_by)
        IS DISTINCT FROM (o.product_id, o.external_store_id, o.url, o.name, o.description, o.image, o.brand, o.gtin,
             o.mpn, o.price, o.currency, o.in_stock, o.available, o.rating_value, o.rating_count, o.matched_by)));
  ELSE
    PERFORM notify_catalogue_changes(ARRAY(SELECT product_id FROM changed));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER offers_notify_insert AFTER INSERT ON offers
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION offers_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER offers_notify_delete AFTER DELETE ON offers
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION offers_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER offers_notify_update AFTER UPDATE ON offers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION offers_catalogue_changed();
--> statement-breakpoint
-- A price point draws the product's price history.
CREATE FUNCTION price_points_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_catalogue_changes(ARRAY(
    SELECT o.product_id FROM changed c JOIN offers o ON o.id = c.offer_id
    UNION ALL
    SELECT l.product_id FROM changed c JOIN listings l ON l.id = c.listing_id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER price_points_notify_insert AFTER INSERT ON price_points
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION price_points_catalogue_changed();
--> statement-breakpoint
-- A product's reviews and review score are on its page; an offer's reviews on its product's offers.
CREATE FUNCTION reviews_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM notify_catalogue_changes(ARRAY(
      SELECT unnest(ARRAY[r.product_id, f.product_id])
      FROM (SELECT product_id, offer_id FROM new_rows UNION ALL SELECT product_id, offer_id FROM old_rows) r
      LEFT JOIN offers f ON f.id = r.offer_id));
  ELSE
    PERFORM notify_catalogue_changes(ARRAY(
      SELECT unnest(ARRAY[c.product_id, f.product_id]) FROM changed c LEFT JOIN offers f ON f.id = c.offer_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_notify_insert AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION reviews_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER reviews_notify_delete AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION reviews_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER reviews_notify_update AFTER UPDATE ON reviews
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reviews_catalogue_changed();
--> statement-breakpoint
-- A store's name and status are on every product it lists (its deletion removes its listings, which notify).
CREATE FUNCTION stores_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_catalogue_changes(ARRAY(
    SELECT l.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN listings l ON l.store_id = n.id
    WHERE (n.name, n.slug, n.status) IS DISTINCT FROM (o.name, o.slug, o.status)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stores_notify_update AFTER UPDATE ON stores
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stores_catalogue_changed();
--> statement-breakpoint
CREATE FUNCTION external_stores_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_catalogue_changes(ARRAY(
    SELECT f.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN offers f ON f.external_store_id = n.id
    WHERE (n.name, n.slug) IS DISTINCT FROM (o.name, o.slug)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER external_stores_notify_update AFTER UPDATE ON external_stores
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION external_stores_catalogue_changed();
--> statement-breakpoint
-- A sale prices its listings between its dates: processes re-read the next start or end, and the products of a
-- changed sale are told at once (a sale's deletion removes its sale_products rows, which notify).
CREATE FUNCTION sales_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changes', 'sales');
  IF TG_OP = 'UPDATE' THEN
    PERFORM notify_catalogue_changes(ARRAY(
      SELECT l.product_id FROM new_rows n JOIN sale_products sp ON sp.sale_id = n.id JOIN listings l ON l.id = sp.listing_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sales_notify_insert AFTER INSERT ON sales
  FOR EACH STATEMENT EXECUTE FUNCTION sales_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER sales_notify_delete AFTER DELETE ON sales
  FOR EACH STATEMENT EXECUTE FUNCTION sales_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER sales_notify_update AFTER UPDATE ON sales
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_catalogue_changed();
--> statement-breakpoint
CREATE FUNCTION sale_products_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_catalogue_changes(ARRAY(SELECT l.product_id FROM changed c JOIN listings l ON l.id = c.listing_id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sale_products_notify_insert AFTER INSERT ON sale_products
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION sale_products_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER sale_products_notify_delete AFTER DELETE ON sale_products
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION sale_products_catalogue_changed();
--> statement-breakpoint
-- An old product id answers with a move to its catalogue product.
CREATE FUNCTION product_redirects_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM notify_catalogue_changes(ARRAY(SELECT from_id FROM new_rows UNION ALL SELECT from_id FROM old_rows));
  ELSE
    PERFORM notify_catalogue_changes(ARRAY(SELECT from_id FROM changed));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_redirects_notify_insert AFTER INSERT ON product_redirects
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_redirects_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER product_redirects_notify_delete AFTER DELETE ON product_redirects
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_redirects_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER product_redirects_notify_update AFTER UPDATE ON product_redirects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION product_redirects_catalogue_changed();
