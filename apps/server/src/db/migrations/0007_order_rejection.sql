-- A seller may reject a Booked order with a reason (the order becomes Cancelled; the reason is mailed to the
-- customer and shown with the order). Checkout counts a customer's unpaid payments (rules/order-limits.ts), so
-- payments get an index by customer. Existing rows are untouched: their rejection_reason is null.
ALTER TABLE "orders" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
CREATE INDEX "payments_customer_idx" ON "payments" USING btree ("customer_id","status");
