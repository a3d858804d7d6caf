-- Returns (issue 16): within 7 days of Completed a customer asks to send an order back; its seller accepts
-- (restock and refund) or refuses with a reason. One open or accepted return per order (a partial unique index);
-- a refused return leaves room to ask again while the window is open.
CREATE TYPE "public"."return_status" AS ENUM('Requested', 'Accepted', 'Refused');--> statement-breakpoint
CREATE TABLE "returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"store_id" integer NOT NULL,
	"status" "return_status" DEFAULT 'Requested' NOT NULL,
	"reason" text NOT NULL,
	"decision_reason" text DEFAULT '' NOT NULL,
	"refund_amount" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "returns_store_idx" ON "returns" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_order_open_uq" ON "returns" USING btree ("order_id") WHERE "returns"."status" in ('Requested', 'Accepted');
--> statement-breakpoint
-- The return window counts from completion, not from the order's last change (a refund or an anonymised address
-- must not move it). Orders completed before this migration take their last change, the best record there is.
ALTER TABLE "orders" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "completed_at" = "updated_at" WHERE "status" = 'Completed';
