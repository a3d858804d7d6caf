-- Keeps product_facet_counts equal to
--   select category, brand, ram_gb, price / 500000, count(*) from products
--   where store_id is null or store_id in (select id from stores where status = 'open') group by 1, 2, 3, 4
-- (500000 paisa = Rs 5,000 = PRICE_FILTER_STEP in packages/shared/src/rules/money.ts; a test checks they agree).
-- Inserted and deleted products are counted per statement, from the rows the statement changed, in key order: a
-- bulk insert costs one upsert, and two statements never take the same count rows in opposite orders.
CREATE FUNCTION product_facet_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_facet_counts AS f (category, brand, ram_gb, bucket, count)
  SELECT c.category, c.brand, c.ram_gb, c.price / 500000,
         count(*)::int * (CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END)
  FROM changed c
  WHERE c.store_id IS NULL OR EXISTS (SELECT 1 FROM stores s WHERE s.id = c.store_id AND s.status = 'open')
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (category, brand, ram_gb, bucket) DO UPDATE SET count = f.count + excluded.count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An update moves a product between counts only when a counted column changed (a sale or a view changes none).
CREATE FUNCTION product_facet_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.store_id IS NULL OR EXISTS (SELECT 1 FROM stores s WHERE s.id = OLD.store_id AND s.status = 'open') THEN
    INSERT INTO product_facet_counts AS f (category, brand, ram_gb, bucket, count)
    VALUES (OLD.category, OLD.brand, OLD.ram_gb, OLD.price / 500000, -1)
    ON CONFLICT (category, brand, ram_gb, bucket) DO UPDATE SET count = f.count - 1;
  END IF;
  IF NEW.store_id IS NULL OR EXISTS (SELECT 1 FROM stores s WHERE s.id = NEW.store_id AND s.status = 'open') THEN
    INSERT INTO product_facet_counts AS f (category, brand, ram_gb, bucket, count)
    VALUES (NEW.category, NEW.brand, NEW.ram_gb, NEW.price / 500000, 1)
    ON CONFLICT (category, brand, ram_gb, bucket) DO UPDATE SET count = f.count + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A store that closes takes its products out of the counts and one that reopens brings them back. A store about to
-- be deleted takes them out first: its products then go by cascade, no longer in an open store.
CREATE FUNCTION product_facet_counts_store_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  direction integer := 0;
BEGIN
  IF OLD.status = 'open' AND (TG_OP = 'DELETE' OR NEW.status <> 'open') THEN
    direction := -1;
  ELSIF TG_OP = 'UPDATE' AND OLD.status <> 'open' AND NEW.status = 'open' THEN
    direction := 1;
  END IF;
  IF direction <> 0 THEN
    INSERT INTO product_facet_counts AS f (category, brand, ram_gb, bucket, count)
    SELECT category, brand, ram_gb, price / 500000, direction * count(*)::int FROM products WHERE store_id = OLD.id
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (category, brand, ram_gb, bucket) DO UPDATE SET count = f.count + excluded.count;
  END IF;
  -- A BEFORE DELETE trigger must hand back the row for the delete to go ahead (AFTER triggers ignore it).
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_facet_counts_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_facet_counts_changed();
--> statement-breakpoint
CREATE TRIGGER products_facet_counts_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_facet_counts_changed();
--> statement-breakpoint
CREATE TRIGGER products_facet_counts_update AFTER UPDATE OF store_id, category, brand, ram_gb, price ON products
  FOR EACH ROW
  WHEN ((OLD.store_id, OLD.category, OLD.brand, OLD.ram_gb, OLD.price / 500000)
        IS DISTINCT FROM (NEW.store_id, NEW.category, NEW.brand, NEW.ram_gb, NEW.price / 500000))
  EXECUTE FUNCTION product_facet_counts_moved();
--> statement-breakpoint
CREATE TRIGGER stores_facet_counts_status AFTER UPDATE OF status ON stores
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION product_facet_counts_store_changed();
--> statement-breakpoint
CREATE TRIGGER stores_facet_counts_delete BEFORE DELETE ON stores
  FOR EACH ROW EXECUTE FUNCTION product_facet_counts_store_changed();
--> statement-breakpoint
INSERT INTO product_facet_counts (category, brand, ram_gb, bucket, count)
SELECT category, brand, ram_gb, price / 500000, count(*)::int FROM products
WHERE store_id IS NULL OR store_id IN (SELECT id FROM stores WHERE status = 'open')
GROUP BY 1, 2, 3, 4;
