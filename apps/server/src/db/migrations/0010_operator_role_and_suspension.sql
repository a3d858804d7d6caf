-- Operators, store suspension and the audit log (docs/decisions/012-operator-role-and-suspension.md). The new enum
-- values are added here but used nowhere in this file: PostgreSQL lets ADD VALUE run inside the migration's
-- transaction, but not the new value before that transaction commits.
ALTER TYPE "public"."role" ADD VALUE 'operator';--> statement-breakpoint
ALTER TYPE "public"."store_status" ADD VALUE 'suspended';--> statement-breakpoint
-- A suspended store's status is 'suspended'. Everything that shows or sells a listing already asks for
-- status = 'open' (refresh_products of 0005 among them, and its stores_refresh_status trigger fires on any status
-- change), so suspending hides the store's listings from every shop page in the same transaction, with no new
-- trigger. The seller's own open/closed waits in status_before_suspension until an operator reopens the store.
ALTER TABLE "stores" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "status_before_suspension" "store_status";--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_suspension_complete" CHECK (("stores"."suspended_at" is null) = ("stores"."suspension_reason" is null) and ("stores"."suspended_at" is null) = ("stores"."status_before_suspension" is null));--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"target_name" text DEFAULT '' NOT NULL,
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","created_at");
