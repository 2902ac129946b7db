DROP INDEX "exercises_title_trgm_idx";--> statement-breakpoint
DROP INDEX "exercises_slide_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title) || E'\x1f' || lower(coalesce(slide_text, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "exercises_search_text_trgm_idx" ON "exercises" USING gin ("search_text" gin_trgm_ops);