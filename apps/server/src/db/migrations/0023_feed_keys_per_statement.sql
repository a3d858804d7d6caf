-- The four foreign keys on the feed's two largest tables (offers → products and external_stores, price_points →
-- offers and listings) checked one row at a time: a row trigger per inserted row, each running its own key lookup
-- and lock. A feed batch of 1,000 new items paid for 3,000 of them, 1.7 of the 11 s a 100,000-item first ingest took
-- on PostgreSQL (issue #18's benchmark, with and without the constraints). The same rules are now kept by the
-- triggers below: an INSERT's keys are checked once per statement, all of them in one query; an UPDATE checks only a
-- row whose key changed, as a foreign key does:
-- - a row written with a parent key needs that parent, which stays locked FOR KEY SHARE until the transaction ends,
--   as a foreign key locks it: a parent deleted at the same moment waits for the writer, or the writer fails;
-- - a key that no parent has fails with the foreign key error (SQLSTATE 23503), naming the old constraint;
-- - deleting (or truncating) a parent deletes its rows here, as ON DELETE CASCADE did;
-- - a parent's id that rows here point at cannot change (ids never change; a foreign key refused it too).
-- Every other foreign key stays a constraint: they are not written in bulk.
ALTER TABLE "offers" DROP CONSTRAINT "offers_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "offers" DROP CONSTRAINT "offers_external_store_id_external_stores_id_fk";--> statement-breakpoint
ALTER TABLE "price_points" DROP CONSTRAINT "price_points_offer_id_offers_id_fk";--> statement-breakpoint
ALTER TABLE "price_points" DROP CONSTRAINT "price_points_listing_id_listings_id_fk";--> statement-breakpoint
-- Locks the parents with these ids FOR KEY SHARE and fails if one is missing. The keys come sorted (array_agg
-- DISTINCT), so two writers lock shared parents in the same order. Each is looked up by primary key, in a subquery
-- per key that the planner cannot turn into a join: `id = ANY (keys)` let it scan the whole table when its
-- statistics were taken while the table was small, as they are during a first ingest (each batch then read every
-- offer written before it).
CREATE FUNCTION lock_parent_keys(child text, child_column text, parent text, keys integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  missing integer;
BEGIN
  IF coalesce(cardinality(keys), 0) = 0 THEN
    RETURN;
  END IF;
  EXECUTE format(
    'SELECT k FROM unnest($1) k WHERE NOT EXISTS (SELECT FROM %I p WHERE p.id = k FOR KEY SHARE) LIMIT 1', parent)
    INTO missing USING keys;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%_%_%_id_fk"',
        child, child, child_column, parent
      USING ERRCODE = 'foreign_key_violation', TABLE = child, COLUMN = child_column,
        CONSTRAINT = format('%s_%s_%s_id_fk', child, child_column, parent),
        DETAIL = format('Key (%s)=(%s) is not present in table "%s".', child_column, missing, parent);
  END IF;
END
$$;
--> statement-breakpoint
-- After an INSERT (a statement trigger) or after an UPDATE of a row whose key changed (a row trigger, behind its
-- WHEN): TG_ARGV holds (column, parent table) pairs. An insert's keys are checked all at once; an update checks the
-- row's new key, as a foreign key does. A key changes only when an operator moves an offer, so the update stays a row
-- trigger, and a feed's everyday updates (prices, the last check) never call it.
CREATE FUNCTION check_parent_keys() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i integer := 0;
  keys integer[];
BEGIN
  WHILE i < TG_NARGS LOOP
    IF TG_LEVEL = 'STATEMENT' THEN
      EXECUTE format('SELECT array_agg(DISTINCT %1$I) FILTER (WHERE %1$I IS NOT NULL) FROM new_rows', TG_ARGV[i])
        INTO keys;
    ELSE
      EXECUTE format('SELECT ARRAY[($2).%1$I] WHERE ($2).%1$I IS DISTINCT FROM ($1).%1$I AND ($2).%1$I IS NOT NULL',
                     TG_ARGV[i])
        INTO keys USING OLD, NEW;
    END IF;
    PERFORM lock_parent_keys(TG_TABLE_NAME, TG_ARGV[i], TG_ARGV[i + 1], keys);
    i := i + 2;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- After a DELETE or TRUNCATE of a parent: deletes the rows of TG_ARGV[0] whose column TG_ARGV[1] pointed at it.
CREATE FUNCTION delete_child_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    EXECUTE format('DELETE FROM %I WHERE %I IS NOT NULL', TG_ARGV[0], TG_ARGV[1]);
  ELSE
    EXECUTE format('DELETE FROM %I WHERE %I = ANY($1)', TG_ARGV[0], TG_ARGV[1]) USING ARRAY(SELECT id FROM old_rows);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Before a parent's id changes: refused while a row of TG_ARGV[0] points at it by column TG_ARGV[1].
CREATE FUNCTION keep_referenced_id() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  referenced boolean;
BEGIN
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE %I = $1)', TG_ARGV[0], TG_ARGV[1]) INTO referenced USING OLD.id;
  IF referenced THEN
    RAISE EXCEPTION 'update on table "%" violates foreign key constraint "%_%_%_id_fk" on table "%"',
        TG_TABLE_NAME, TG_ARGV[0], TG_ARGV[1], TG_TABLE_NAME, TG_ARGV[0]
      USING ERRCODE = 'foreign_key_violation', TABLE = TG_TABLE_NAME,
        DETAIL = format('Key (id)=(%s) is still referenced from table "%s".', OLD.id, TG_ARGV[0]);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER offers_parent_keys_insert AFTER INSERT ON offers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION check_parent_keys('product_id', 'products', 'external_store_id', 'external_stores');
--> statement-breakpoint
CREATE TRIGGER offers_parent_keys_update AFTER UPDATE OF product_id, external_store_id ON offers FOR EACH ROW
  WHEN (OLD.product_id IS DISTINCT FROM NEW.product_id OR OLD.external_store_id IS DISTINCT FROM NEW.external_store_id)
  EXECUTE FUNCTION check_parent_keys('product_id', 'products', 'external_store_id', 'external_stores');
--> statement-breakpoint
CREATE TRIGGER price_points_parent_keys_insert AFTER INSERT ON price_points REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION check_parent_keys('offer_id', 'offers', 'listing_id', 'listings');
--> statement-breakpoint
CREATE TRIGGER price_points_parent_keys_update AFTER UPDATE OF offer_id, listing_id ON price_points FOR EACH ROW
  WHEN (OLD.offer_id IS DISTINCT FROM NEW.offer_id OR OLD.listing_id IS DISTINCT FROM NEW.listing_id)
  EXECUTE FUNCTION check_parent_keys('offer_id', 'offers', 'listing_id', 'listings');
--> statement-breakpoint
-- For each parent: its deletion and truncation delete the rows pointing at it, and its id stays while they do
-- (products_delete_offers, products_truncate_offers, products_referenced_id, and so on).
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT * FROM (VALUES ('products', 'offers', 'product_id'), ('external_stores', 'offers', 'external_store_id'),
                          ('offers', 'price_points', 'offer_id'), ('listings', 'price_points', 'listing_id'))
      AS relation(parent, child, key)
  LOOP
    EXECUTE format('CREATE TRIGGER %1$s_delete_%2$s AFTER DELETE ON %1$I REFERENCING OLD TABLE AS old_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION delete_child_rows(%2$L, %3$L)', r.parent, r.child, r.key);
    EXECUTE format('CREATE TRIGGER %1$s_truncate_%2$s AFTER TRUNCATE ON %1$I
                    FOR EACH STATEMENT EXECUTE FUNCTION delete_child_rows(%2$L, %3$L)', r.parent, r.child, r.key);
    EXECUTE format('CREATE TRIGGER %1$s_referenced_id BEFORE UPDATE OF id ON %1$I
                    FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION keep_referenced_id(%2$L, %3$L)',
                   r.parent, r.child, r.key);
  END LOOP;
END
$$;
