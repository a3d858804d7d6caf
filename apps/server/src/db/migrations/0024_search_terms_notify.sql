-- Each server process keeps the search dictionary (search_terms) that typo correction and suggestions resolve words
-- against (modules/catalog/kept-terms.ts), and must stop using it as soon as the table changes, whoever changes it:
-- a seller's or an operator's edit in another process (addSearchTerms), a seed's rebuild, raw SQL. This
-- statement-level trigger tells every process on the change feed's channel (catalogue_changes, migration 0015) with
-- the payload 'terms'. PostgreSQL sends it on commit, once per transaction however many statements changed the
-- table (identical notifications are folded), and drops it on rollback.
CREATE FUNCTION search_terms_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changes', 'terms');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_terms_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_terms
  FOR EACH STATEMENT EXECUTE FUNCTION search_terms_changed();
