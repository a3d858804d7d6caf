-- A catalogue product's summary (offer_count, in_stock) changes whenever a store adds, drops or restocks an offer,
-- and refresh_products (0005, 0018) rewrites the row. Those two columns are in no index, so PostgreSQL can make the
-- update HOT (heap-only: no new entry in any of the table's twelve indexes), but only when the row's page has room
-- for the new version. Full pages made every such update a full one: a second store's feed of 1,000 products cost
-- 75-97 ms a batch in index maintenance. An ingest batch updates every row of the pages it touches, so pages are
-- now filled to half, which leaves room for a new version of each row (decision 032). Changes of the indexed
-- columns (lowest_price, visible, units_sold, views) are full updates as before.
-- Only new pages are filled to half; rows already written stay where they are (`VACUUM FULL products` in a quiet
-- hour would repack them, and takes the table's lock while it runs).
ALTER TABLE products SET (fillfactor = 50);
