CREATE TABLE "product_facet_counts" (
	"category" "category" NOT NULL,
	"brand" text NOT NULL,
	"ram_gb" integer NOT NULL,
	"bucket" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "product_facet_counts_category_brand_ram_gb_bucket_pk" PRIMARY KEY("category","brand","ram_gb","bucket")
);
--> statement-breakpoint
CREATE INDEX "products_rank_idx" ON "products" USING btree ("units_sold" DESC NULLS FIRST,"views" DESC NULLS FIRST,"id");