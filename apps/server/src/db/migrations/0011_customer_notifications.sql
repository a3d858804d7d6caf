-- Customers' notifications (issue 16: each step of an order after booking is mailed and shown in notifications).
-- A table of their own rather than more columns on "notifications": those rows are a store's (keyed by store, with
-- the product, customer and total a seller reads) and are deleted, not read. Nothing existing changes.
CREATE TYPE "public"."customer_notification_kind" AS ENUM('order_status', 'order_rejected', 'return_requested', 'return_accepted', 'return_refused', 'payment_refunded');--> statement-breakpoint
CREATE TABLE "customer_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"kind" "customer_notification_kind" NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_notifications" ADD CONSTRAINT "customer_notifications_customer_id_accounts_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notifications" ADD CONSTRAINT "customer_notifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notifications_customer_idx" ON "customer_notifications" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "customer_notifications_unread_idx" ON "customer_notifications" USING btree ("customer_id") WHERE "customer_notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "customer_notifications_order_idx" ON "customer_notifications" USING btree ("order_id");
