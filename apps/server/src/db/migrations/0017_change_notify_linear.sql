-- The change triggers of 0015 found the changed rows of an UPDATE by joining its old and new transition tables on id.
-- Transition tables carry no statistics, so the planner guessed one row each and joined them in a nested loop: every
-- new row compared with every old one. A feed batch of 1,000 unchanged offers (only last_checked_at moves) made a
-- million comparisons, 250 ms of its 270 (issue #18's ingestion benchmark). The changed rows are now the rows of one
-- side that the other side does not hold, with EXCEPT over the watched columns: a hashed set operation, linear in the
-- rows. Which products are told is unchanged: an UPDATE's changed rows on the old side give the products they left,
-- on the new side the products they joined.
CREATE OR REPLACE FUNCTION products_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM notify_catalogue_changes(ARRAY(
      SELECT id FROM (
        SELECT id, name, brand, category, description, ram_gb, storage_gb, image, thumbnail, gtin, lowest_price,
               offer_count, in_stock, visible FROM new_rows
        EXCEPT
        SELECT id, name, brand, category, description, ram_gb, storage_gb, image, thumbnail, gtin, lowest_price,
               offer_count, in_stock, visible FROM old_rows) changed_rows));
  ELSE
    PERFORM notify_catalogue_changes(ARRAY(SELECT id FROM changed));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION listings_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM notify_catalogue_changes(ARRAY(
      SELECT unnest(ARRAY[product_id, id]) FROM (
        (SELECT id, product_id, store_id, name, brand, category, description, ram_gb, storage_gb, price, quantity, stock,
                image, thumbnail, gtin, matched_by FROM new_rows
         EXCEPT
         SELECT id, product_id, store_id, name, brand, category, description, ram_gb, storage_gb, price, quantity, stock,
                image, thumbnail, gtin, matched_by FROM old_rows)
        UNION ALL
        (SELECT id, product_id, store_id, name, brand, category, description, ram_gb, storage_gb, price, quantity, stock,
                image, thumbnail, gtin, matched_by FROM old_rows
         EXCEPT
         SELECT id, product_id, store_id, name, brand, category, description, ram_gb, storage_gb, price, quantity, stock,
                image, thumbnail, gtin, matched_by FROM new_rows)) changed_rows));
  ELSE
    PERFORM notify_catalogue_changes(ARRAY(SELECT unnest(ARRAY[product_id, id]) FROM changed));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- last_checked_at is left out: a feed read again without changes moves it on every offer.
CREATE OR REPLACE FUNCTION offers_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM notify_catalogue_changes(ARRAY(
      SELECT product_id FROM (
        (SELECT id, product_id, external_store_id, url, name, description, image, brand, gtin, mpn, price, currency,
                in_stock, available, rating_value, rating_count, matched_by FROM new_rows
         EXCEPT
         SELECT id, product_id, external_store_id, url, name, description, image, brand, gtin, mpn, price, currency,
                in_stock, available, rating_value, rating_count, matched_by FROM old_rows)
        UNION ALL
        (SELECT id, product_id, external_store_id, url, name, description, image, brand, gtin, mpn, price, currency,
                in_stock, available, rating_value, rating_count, matched_by FROM old_rows
         EXCEPT
         SELECT id, product_id, external_store_id, url, name, description, image, brand, gtin, mpn, price, currency,
                in_stock, available, rating_value, rating_count, matched_by FROM new_rows)) changed_rows));
  ELSE
    PERFORM notify_catalogue_changes(ARRAY(SELECT product_id FROM changed));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stores_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_catalogue_changes(ARRAY(
    SELECT l.product_id
    FROM (SELECT id, name, slug, status FROM new_rows EXCEPT SELECT id, name, slug, status FROM old_rows) n
    JOIN listings l ON l.store_id = n.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION external_stores_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_catalogue_changes(ARRAY(
    SELECT f.product_id
    FROM (SELECT id, name, slug FROM new_rows EXCEPT SELECT id, name, slug FROM old_rows) n
    JOIN offers f ON f.external_store_id = n.id));
  RETURN NULL;
END
$$;
