-- Two statement triggers looked rows up with a join the planner could not size: the ids came from an array or a
-- transition table, which carry no statistics. refresh_products (0005) read listings and offers with
-- `product_id = ANY (ids)`, which the planner took for a fiftieth of the table and answered with a sequential scan of
-- every offer (16 ms per 1,000 products at 100,000 offers, growing with the table); the price points' change trigger
-- (0015) hashed every offer to find the products of 1,000 points (33 ms at 200,000 offers). Issue #18's ingestion
-- benchmark paid both in every batch. Now each product's listings and offers are read by key in a LATERAL subquery,
-- and each price point's product by its offer's or listing's primary key: index lookups, as many as there are rows.
-- refresh_products runs with JIT off: its cost estimate can pass jit_above_cost, and compiling the plan took 400 ms
-- for a statement that runs in 10. What each function computes is unchanged.
CREATE OR REPLACE FUNCTION refresh_products(ids integer[]) RETURNS void LANGUAGE plpgsql SET jit = off AS $$
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
    LEFT JOIN LATERAL (
      SELECT l.price, l.quantity > 0 AND l.stock = 'instock' AS in_stock, st.status = 'open' AS available,
             st.status = 'open' AS shown, 's' || l.store_id AS store_key, l.units_sold
      FROM listings l JOIN stores st ON st.id = l.store_id
      WHERE l.product_id = x.id
      UNION ALL
      SELECT f.price, f.in_stock, f.available, true, 'e' || f.external_store_id, 0
      FROM offers f WHERE f.product_id = x.id
    ) o ON true
    GROUP BY x.id
  ) s
  WHERE p.id = s.id
    AND (p.lowest_price, p.offer_count, p.in_stock, p.visible, p.units_sold)
        IS DISTINCT FROM (s.lowest_price, s.offer_count, s.in_stock, s.visible, s.units_sold);
END
$$;
--> statement-breakpoint
-- A price point draws the product's price history.
CREATE OR REPLACE FUNCTION price_points_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_catalogue_changes(ARRAY(
    SELECT (SELECT o.product_id FROM offers o WHERE o.id = c.offer_id) FROM changed c WHERE c.offer_id IS NOT NULL
    UNION ALL
    SELECT (SELECT l.product_id FROM listings l WHERE l.id = c.listing_id) FROM changed c WHERE c.listing_id IS NOT NULL));
  RETURN NULL;
END
$$;
