-- Wishlist alerts and account data (issue 16). Customers may turn wishlist alerts off (on by default); an account
-- deleted by its owner stays as an anonymised row (deleted_at set) because orders, which a shop must keep, name it.
-- wishlist_alert_states holds what each customer last knew of a saved product or offer: the alert job compares the
-- present with it, so a change made by any writer (a seller, checkout, ingestion, a sale starting on its date) is
-- seen, and the row and the mail change in one transaction. Existing entries get their first state from the job
-- without a mail. Alert mails carry a one-click unsubscribe link (unsubscribe_tokens) and its RFC 8058 headers
-- (mail_outbox.headers).
ALTER TABLE "accounts" ADD COLUMN "wishlist_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
CREATE TABLE "wishlist_alert_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer,
	"offer_id" integer,
	"price" integer,
	"in_stock" boolean NOT NULL,
	"on_sale" boolean NOT NULL,
	"mailed_at" timestamp with time zone,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_alert_states_target" CHECK (("wishlist_alert_states"."product_id" is null) <> ("wishlist_alert_states"."offer_id" is null))
);
--> statement-breakpoint
CREATE TABLE "unsubscribe_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wishlist_alert_states" ADD CONSTRAINT "wishlist_alert_states_customer_id_accounts_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_alert_states" ADD CONSTRAINT "wishlist_alert_states_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_alert_states" ADD CONSTRAINT "wishlist_alert_states_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribe_tokens" ADD CONSTRAINT "unsubscribe_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_alert_states_product_uq" ON "wishlist_alert_states" USING btree ("customer_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_alert_states_offer_uq" ON "wishlist_alert_states" USING btree ("customer_id","offer_id");--> statement-breakpoint
CREATE INDEX "unsubscribe_tokens_account_idx" ON "unsubscribe_tokens" USING btree ("account_id");
