-- Each server process keeps the signed-in users it has looked up (modules/auth/session-cache.ts), and must drop one
-- as soon as what the session lookup reads changes, whoever changes it: a logout or a password change in another
-- process, an operator, a job, raw SQL. These statement-level triggers tell every process on the change feed's
-- channel (catalogue_changes, migration 0015) with the payload 'accounts:' and a comma list of account ids (at most
-- 700 in one payload, under NOTIFY's 8000-byte limit), or 'accounts:*' when more than 10,000 accounts changed in one
-- statement. PostgreSQL sends them on commit and drops them on rollback. What the lookup reads: the session (deleted,
-- or its expiry changed), the account's role, email and name, and its store's id, slug and name.
-- The id lists of both kinds of payload are sent by one function: `prefix` before each list, and prefix || '*' past
-- 10,000 ids. notify_catalogue_changes (0015) becomes a call to it with no prefix, sending what it sent before.
CREATE FUNCTION notify_id_lists(prefix text, ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  distinct_ids integer[] := ARRAY(SELECT DISTINCT id FROM unnest(ids) id WHERE id IS NOT NULL ORDER BY id);
  part text;
BEGIN
  IF cardinality(distinct_ids) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(distinct_ids) > 10000 THEN
    PERFORM pg_notify('catalogue_changes', prefix || '*');
    RETURN;
  END IF;
  FOR part IN
    SELECT string_agg(id::text, ',' ORDER BY id) FROM unnest(distinct_ids) WITH ORDINALITY AS d(id, n)
    GROUP BY (n - 1) / 700 ORDER BY 1
  LOOP
    PERFORM pg_notify('catalogue_changes', prefix || part);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_catalogue_changes(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_id_lists('', ids);
END
$$;
--> statement-breakpoint
CREATE FUNCTION notify_accounts_changed(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_id_lists('accounts:', ids);
END
$$;
--> statement-breakpoint
CREATE FUNCTION sessions_accounts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_accounts_changed(ARRAY(SELECT account_id FROM changed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION sessions_accounts_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_update AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION sessions_accounts_changed();
--> statement-breakpoint
CREATE FUNCTION accounts_session_fields_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM notify_accounts_changed(ARRAY(SELECT id FROM old_rows));
  ELSE
    PERFORM notify_accounts_changed(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.role, n.email, n.name) IS DISTINCT FROM (o.role, o.email, o.name)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_notify_update AFTER UPDATE ON accounts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION accounts_session_fields_changed();
--> statement-breakpoint
CREATE TRIGGER accounts_notify_delete AFTER DELETE ON accounts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION accounts_session_fields_changed();
--> statement-breakpoint
CREATE FUNCTION stores_session_fields_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM notify_accounts_changed(ARRAY(SELECT seller_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM notify_accounts_changed(ARRAY(SELECT seller_id FROM old_rows));
  ELSE
    PERFORM notify_accounts_changed(ARRAY(
      SELECT unnest(ARRAY[n.seller_id, o.seller_id]) FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.seller_id, n.slug, n.name) IS DISTINCT FROM (o.seller_id, o.slug, o.name)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stores_notify_sellers_insert AFTER INSERT ON stores
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stores_session_fields_changed();
--> statement-breakpoint
CREATE TRIGGER stores_notify_sellers_update AFTER UPDATE ON stores
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stores_session_fields_changed();
--> statement-breakpoint
CREATE TRIGGER stores_notify_sellers_delete AFTER DELETE ON stores
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stores_session_fields_changed();
