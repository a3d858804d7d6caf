-- Moderation, escalated complaints and the platform dashboard's search misses (operator console, #13).
-- A hidden review or blog post keeps its row (the author's data, and an operator may unhide it); every public read
-- asks for hidden_at is null.
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
CREATE TYPE "public"."report_status" AS ENUM('open', 'dismissed', 'actioned');--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"reason" text NOT NULL,
	"status" "report_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_accounts_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_reporter_uq" ON "review_reports" USING btree ("review_id","reporter_id");--> statement-breakpoint
CREATE INDEX "review_reports_status_idx" ON "review_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE TYPE "public"."escalation_status" AS ENUM('open', 'refunded', 'closed');--> statement-breakpoint
CREATE TABLE "complaint_escalations" (
	"complaint_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"status" "escalation_status" DEFAULT 'open' NOT NULL,
	"resolution" text DEFAULT '' NOT NULL,
	"refund_amount" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "complaint_escalations" ADD CONSTRAINT "complaint_escalations_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_escalations_status_idx" ON "complaint_escalations" USING btree ("status","created_at");--> statement-breakpoint
CREATE TABLE "search_misses" (
	"term" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "search_misses_term_day_pk" PRIMARY KEY("term","day")
);
--> statement-breakpoint
CREATE INDEX "search_misses_day_idx" ON "search_misses" USING btree ("day");
