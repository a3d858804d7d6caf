-- Blog posts keep their HTML and a plain-text summary, made once when a post is written, so that reading a post
-- or the list never runs the markdown renderer and sanitizer (issue 14, item 7). Every existing post gets both
-- here, from its text escaped as HTML (safe, plain); right after this migration, in code, the start-up step
-- modules/blogs/stored-render.ts renders every post whose render_version is older than the renderer's, with the
-- renderer itself (markdown and the sanitizer live in TypeScript).
ALTER TABLE "blogs" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "summary" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "render_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "blogs" SET
	"html" = '<p>' || replace(replace(replace(replace(replace("content", '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
		'"', '&quot;'), E'\n', '<br />') || '</p>',
	"summary" = left(btrim(regexp_replace(regexp_replace("content", '<[^>]*>', ' ', 'g'), '\s+', ' ', 'g')), 280),
	"render_version" = 0;--> statement-breakpoint
ALTER TABLE "blogs" ALTER COLUMN "html" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ALTER COLUMN "summary" SET NOT NULL;
